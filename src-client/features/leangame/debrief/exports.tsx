import { Button, Menu } from '@mantine/core';
import { IconDownload, IconTableExport } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';

/** What a lean game's research export offers, each with its label (the wide layout is by facility and minute). */
const FORMATS = [
  ['jsonl', 'debrief.format.jsonl'],
  ['csv-long', 'debrief.format.csv-long'],
  ['csv-wide', 'lean.debrief.format.csv-wide'],
  ['codebook', 'debrief.format.codebook'],
] as const;

/** A label that wraps on a narrow phone rather than being cut off. */
const WRAPPING = { label: { whiteSpace: 'normal' } } as const;

/** The creator's downloads of the game: its workbook in the page's language, and the research export. */
export function LeanExports({ gameId }: { gameId: string }) {
  const intl = useIntl();
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  return (
    <>
      <Button
        component="a"
        href={`${base}/export.xlsx?lang=${intl.locale}`}
        download
        leftSection={<IconDownload size={18} />}
        variant="default"
        h="auto"
        mih={36}
        py={6}
        styles={WRAPPING}
        data-testid="download-workbook"
      >
        <FormattedMessage id="debrief.downloadWorkbook" />
      </Button>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            leftSection={<IconTableExport size={18} />}
            variant="default"
            h="auto"
            mih={36}
            py={6}
            styles={WRAPPING}
            data-testid="research-export"
          >
            <FormattedMessage id="debrief.researchExport" />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FORMATS.map(([format, label]) => (
            <Menu.Item
              key={format}
              component="a"
              href={`${base}/export?format=${format}`}
              download
              data-testid={`export-${format}`}
            >
              <FormattedMessage id={label} />
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
