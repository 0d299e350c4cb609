import { Alert, Group, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame';
import { useFacilityName } from '../../ui/facility-name';
import { Board } from './board';
import { FacilityFigures, HistoryTable } from './facility-panel';
import { WithSupplyChainMap } from './map/map-beside';
import { OrderForm } from './order-form';
import { TeamStatus } from './team-status';

/** The week being played: a player's own facility and order form, or the board for the others. */
export function BeerGamePlay({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  return (
    <>
      <Group justify="space-between">
        <Title order={2} data-testid="week">
          <FormattedMessage id="game.weekOf" values={{ week: view.week, weeks: view.weeks }} />
        </Title>
        <TeamStatus view={view} />
      </Group>
      {mine?.numbers ? (
        <>
          <Title order={3} data-testid="my-role">
            {facilityName(mine)}
          </Title>
          <WithSupplyChainMap view={view}>
            <FacilityFigures numbers={mine.numbers} week={view.week} />
            {/* A new week starts with a fresh, empty order form. */}
            {!view.finished && <OrderForm key={view.week} view={view} facilityId={mine.id} />}
          </WithSupplyChainMap>
          <HistoryTable history={mine.numbers.history} />
        </>
      ) : (
        <>
          {!view.isCreator && (
            <Alert color="gray">
              <FormattedMessage id="game.observing" />
            </Alert>
          )}
          <Board view={view} />
        </>
      )}
    </>
  );
}
