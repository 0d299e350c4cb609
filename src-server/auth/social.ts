/**
 * Google and Microsoft sign-in (spec point 7; docs/accounts.md, "Google and Microsoft"), each only
 * when configured. Google through better-auth's generic OAuth plugin and OpenID Connect discovery
 * (its built-in Google provider has Google's addresses written in, which no test could reach);
 * Microsoft through better-auth's built-in provider, whose `authority` can be moved and which
 * checks the tokens of the multi-tenant `common` endpoint (discovery cannot: its issuer is a
 * template, `…/{tenantid}/v2.0`). The tests point both at an OpenID Connect provider of their own.
 */
import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { SOCIAL_PROVIDERS, type SocialProvider, socialUserName } from '../../src-shared/rules/social-sign-in';
import type { SocialSignInConfig } from '../config';

/** The providers configured, in the order the pages show them. */
export const configuredProviders = (config: SocialSignInConfig): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => config[provider]);

/** The name an account starts with, from what the provider says of the person. */
const mapProfileToUser = (profile: { name?: unknown; email?: unknown }) => ({
  name: socialUserName(profile.name, typeof profile.email === 'string' ? profile.email : ''),
});

/** better-auth's options for the configured providers. */
export function socialSignInOptions(config: SocialSignInConfig) {
  const { google, microsoft } = config;
  const socialProviders: BetterAuthOptions['socialProviders'] = microsoft && {
    microsoft: {
      clientId: microsoft.clientId,
      clientSecret: microsoft.clientSecret,
      tenantId: microsoft.tenantId,
      authority: microsoft.authority,
      // A photo would be fetched from Microsoft Graph and kept as a data URL: we show none.
      disableProfilePhoto: true,
      // Only the sign-in: no refresh token asked for, as we never call Microsoft again.
      disableDefaultScope: true,
      scope: ['openid', 'profile', 'email'],
      mapProfileToUser,
    },
  };
  const plugins = google
    ? [
        genericOAuth({
          config: [
            {
              providerId: 'google',
              name: 'Google',
              discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
              // The ID token is checked against the discovered keys, issuer and audience, or refused.
              requireIdTokenVerification: true,
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              scopes: ['openid', 'email', 'profile'],
              mapProfileToUser,
            },
          ],
        }),
      ]
    : [];
  return { socialProviders, plugins };
}
