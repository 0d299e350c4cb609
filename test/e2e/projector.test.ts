import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { browserFixture } from '../support/browser-fixture';

/**
 * Issue 23, "The projector": the session's "Show the code" view fits the join code and its QR code
 * on every common projector (landscape, 1024×768 to 3840×2160) and on a phone, whole, without
 * scrolling, the code on one line and clear of the QR code. A screenshot of each size is kept.
 */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1280, height: 800 },
  { width: 1280, height: 900 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1600, height: 900 },
  { width: 1920, height: 1080 },
  { width: 1920, height: 1200 },
  { width: 2560, height: 1080 },
  { width: 2560, height: 1440 },
  { width: 3840, height: 2160 },
  // A phone, upright, and a tablet on its side.
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
];
const shots = 'test-results/e2e/projector';
const app = browserFixture();

it('shows the whole code and QR code on every projector size and on a phone', async () => {
  const origin = app.origin;
  const ada = await app.instructor('ada@example.org');
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Operations management, Thursday afternoon group',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });

  const { page } = await app.person({ as: ada });
  await page.goto(`${origin}/session/${sessionId}/follow-up`);
  await page.getByTestId('show-code').click();
  const code = page.getByTestId('projector-code');
  const qr = page.getByTestId('projector-qr');
  await qr.waitFor();
  // Measured once the dialog has finished opening (Mantine's transition).
  const settled = () => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const misfits: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settled();
    const where = `${size.width}×${size.height}`;
    const [codeBox, qrBox, lineHeight] = await Promise.all([
      code.boundingBox(),
      qr.boundingBox(),
      code.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
    ]);
    if (!codeBox || !qrBox) throw new Error(`${where}: the code or the QR code is not shown`);
    const inside = (box: typeof codeBox) =>
      box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
    if (!inside(codeBox)) misfits.push(`${where}: the code runs to ${JSON.stringify(codeBox)}`);
    if (!inside(qrBox)) misfits.push(`${where}: the QR code runs to ${JSON.stringify(qrBox)}`);
    // One line, and big enough to read from the back of a room (a phone's is read from close by).
    if (codeBox.height > lineHeight * 1.5) misfits.push(`${where}: the code wraps`);
    if (size.width >= 1024 && size.height >= 720 && lineHeight < 64)
      misfits.push(`${where}: the code is only ${lineHeight} px high`);
    const overlap =
      codeBox.x < qrBox.x + qrBox.width &&
      qrBox.x < codeBox.x + codeBox.width &&
      codeBox.y < qrBox.y + qrBox.height &&
      qrBox.y < codeBox.y + codeBox.height;
    if (overlap) misfits.push(`${where}: the code covers the QR code`);
    // Nothing to scroll: what the room sees is the whole view.
    const scrolls = await page
      .getByTestId('projector')
      .evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    if (scrolls) misfits.push(`${where}: the view scrolls`);
    await page.screenshot({ path: `${shots}/projector-${size.width}x${size.height}.png` });
  }
  expect(misfits).toEqual([]);
  expect(await code.textContent()).toMatch(/^[3479ACDEFHJKMNPRTWXY]{3} [3479ACDEFHJKMNPRTWXY]{3}$/);
});
