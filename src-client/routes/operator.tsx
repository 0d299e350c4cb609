import { FormattedMessage } from 'react-intl';
import { FeedbackList } from '../features/help/feedback-list';
import { OperatorPage as Operator } from '../features/telemetry/operator-page';

/** `/operator`: the error reports, analytics and feedback of the installation, for its operators only. */
export const OperatorPage = () => (
  <Operator
    extraTabs={[
      { value: 'feedback', label: <FormattedMessage id="operator.tab.feedback" />, panel: <FeedbackList /> },
    ]}
  />
);
