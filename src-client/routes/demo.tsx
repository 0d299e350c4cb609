import { useIntl } from 'react-intl';
import { StartDemo } from '../features/demo/start-demo';
import { usePageTitle } from '../look';

/** `/demo`: a short game against the computer, started as the page opens (issue 28). */
export function DemoPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'front.demoTitle' }));
  return <StartDemo />;
}
