import { Button, Menu } from '@mantine/core';
import { IconDownload, IconTableExport } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../auth';
import { toastMessage } from '../notify';

/** A research export's format, as the export route names it, and its label's message id. */
export interface ResearchFormat {
  format: 'jsonl' | 'csv-long' | 'csv-wide' | 'codebook';
  labelId: string;
}

/**
 * A finished game's downloads, the same for every game type: its workbook in the page's language
 * (for its players too, once the game is over: the route decides what they get), and for its
 * creator the research export in each of `formats` (docs/research-export.md). A visitor who is not
 * signed in is told the workbook needs a sign-in (spec point 8) rather than handed the route's refusal as a file.
 */
export function ExportButtons({
  gameId,
  isCreator,
  formats,
}: {
  gameId: string;
  isCreator: boolean;
  formats: readonly ResearchFormat[];
}) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  return (
    <>
      <Button
        component="a"
        href={`${base}/export.xlsx?lang=${intl.locale}`}
        download
        onClick={(event: MouseEvent) => {
          if (user) return;
          event.preventDefault();
          toastMessage(intl, 'export.excelLoginRequired', 'red');
        }}
        leftSection={<IconDownload size={18} />}
        variant="default"
        data-testid="download-workbook"
      >
        <FormattedMessage id="debrief.downloadWorkbook" />
      </Button>
      {isCreator && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              leftSection={<IconTableExport size={18} />}
              variant="default"
              data-testid="research-export"
            >
              <FormattedMessage id="debrief.researchExport" />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {formats.map(({ format, labelId }) => (
              <Menu.Item
                key={format}
                component="a"
                href={`${base}/export?format=${format}`}
                download
                data-testid={`export-${format}`}
              >
                <FormattedMessage id={labelId} />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}
