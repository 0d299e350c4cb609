import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../src-server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>['portal'];
export type MyPage = Outputs['myPage'];
export type PageItem = MyPage['publishable'][number];
export type PublicPageView = Outputs['page'];

/** Sends a logo file to the upload route; answers the page's look or the refusal's message id. */
export async function uploadLogo(file: File): Promise<{ ok: true } | { ok: false; messageId: string }> {
  const response = await fetch('/api/upload/logo', {
    method: 'POST',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'x-file-name': encodeURIComponent(file.name),
    },
    body: file,
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response) return { ok: false, messageId: 'errors.offline' };
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as { messageId?: string };
  return { ok: false, messageId: body.messageId ?? 'errors.unexpected' };
}
