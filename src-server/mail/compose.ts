/**
 * What each mail says, in its recipient's language: the locale files' `mail.*` messages (ICU, as
 * react-intl formats them on the pages), with the product's name, as plain text and as HTML.
 */
import { createIntl } from 'react-intl';
import type { Locale } from '../../src-shared/rules/locale';
import { messagesIn } from '../messages';
import { type PlanPurchaseValues, planPurchaseLayout } from './plan-purchase';

/** The values each kind of mail is written from (kept in its outbox row). */
export interface MailValues {
  /** A reset link for an account's owner. */
  resetPassword: { name: string; link: string };
  /** The answer to a reset asked for an address no account uses. */
  noAccount: { email: string; signupLink: string };
  /** A new account's (or a signed-in owner's) link to confirm their address. */
  verifyEmail: { name: string; link: string };
  /** To a new address an account asked to move to: the link that makes the change. */
  changeEmail: { name: string; link: string; email: string };
  /** To an account's current address, when a change to another one was asked for. */
  emailChangeRequested: { name: string; email: string; resetLink: string };
  /** To an account's address, when someone tried to sign up with it. */
  signUpExisting: { name: string; loginLink: string };
  /** To a colleague a team's admin invited: the team's join link. */
  teamInvite: { inviterName: string; teamName: string; link: string };
  /** To a buyer who asked to be told (`notifyPlanPurchase`): the plan bought, its invoice. */
  planPurchase: PlanPurchaseValues;
}
export type MailKind = keyof MailValues;

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  /** The links it carries (printed in the log when no SMTP server is configured). */
  links: string[];
}

/** A mail's words: its subject, paragraphs, one link as a button, and lines after it. */
export interface Layout {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  after: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Say = (id: string, more?: Record<string, string | number>) => string;

function layoutOf(kind: Exclude<MailKind, 'planPurchase'>, values: Record<string, string>, say: Say): Layout {
  switch (kind) {
    case 'resetPassword':
      return {
        subject: say('mail.resetPassword.subject'),
        paragraphs: [
          values.name ? say('mail.greetingName', { name: values.name }) : say('mail.greeting'),
          say('mail.resetPassword.intro'),
        ],
        action: { label: say('mail.resetPassword.action'), url: values.link! },
        after: [say('mail.resetPassword.ignore')],
      };
    case 'noAccount':
      return {
        subject: say('mail.noAccount.subject'),
        paragraphs: [say('mail.greeting'), say('mail.noAccount.intro', { email: values.email! })],
        action: { label: say('mail.noAccount.action'), url: values.signupLink! },
        after: [say('mail.noAccount.ignore')],
      };
    case 'teamInvite':
      return {
        subject: say('mail.teamInvite.subject', {
          inviterName: values.inviterName!,
          teamName: values.teamName!,
        }),
        paragraphs: [
          say('mail.greeting'),
          say('mail.teamInvite.intro', { inviterName: values.inviterName!, teamName: values.teamName! }),
        ],
        action: { label: say('mail.teamInvite.action'), url: values.link! },
        after: [say('mail.teamInvite.ignore', { inviterName: values.inviterName! })],
      };
    case 'verifyEmail':
    case 'changeEmail':
    case 'emailChangeRequested':
    case 'signUpExisting': {
      const link = {
        verifyEmail: 'link',
        changeEmail: 'link',
        emailChangeRequested: 'resetLink',
        signUpExisting: 'loginLink',
      };
      return {
        subject: say(`mail.${kind}.subject`),
        paragraphs: [
          values.name ? say('mail.greetingName', { name: values.name }) : say('mail.greeting'),
          say(`mail.${kind}.intro`, { email: values.email ?? '' }),
        ],
        action: { label: say(`mail.${kind}.action`), url: values[link[kind]]! },
        after: [say(`mail.${kind}.ignore`)],
      };
    }
  }
}

/** A mail of `kind` in `locale`, from the values in its outbox row. */
export async function composeMail(
  kind: MailKind,
  locale: Locale,
  values: Record<string, string>,
): Promise<ComposedMail> {
  const messages = await messagesIn(locale);
  const intl = createIntl({ locale, messages, defaultLocale: 'en' });
  const product = messages['app.name']!;
  const say: Say = (id, more = {}) => intl.formatMessage({ id }, { product, ...more }) as string;
  const mail =
    kind === 'planPurchase'
      ? planPurchaseLayout(values, { say, has: (id) => id in messages }, locale)
      : layoutOf(kind, values, say);
  const footer = say('mail.footer');
  const text = [
    ...mail.paragraphs,
    `${mail.action.label}:\n${mail.action.url}`,
    ...mail.after,
    `-- \n${footer}`,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:800;color:#1971c2;font-size:20px">${escapeHtml(product)}</p>
${mail.paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#228be6;color:#fff;text-decoration:none;padding:12px 20px;border-radius:4px;font-weight:600">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#495057;word-break:break-all">${escapeHtml(mail.action.url)}</p>
${mail.after.map(paragraph).join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: mail.subject, text, html, links: [mail.action.url] };
}
