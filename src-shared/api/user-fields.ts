/**
 * The profile's fields on the user record (spec point 3, user document): better-auth's additional
 * fields, declared once for the server (src-server/auth/auth.ts) and its client
 * (src-client/auth-client.ts). Their rules: src-server/auth/account-rules.ts.
 */
export const USER_FIELDS = {
  playerName: { type: 'string', required: false },
  language: { type: 'string', required: false },
  attributionSource: { type: 'string', required: false },
  attributionOtherText: { type: 'string', required: false },
  // Asked by /setup-account (migrations/0012_account_setup.ts).
  firstname: { type: 'string', required: false },
  lastname: { type: 'string', required: false },
  profileType: { type: 'string', required: false },
  favoriteGames: { type: 'string[]', required: false },
  // Plans and referral (migrations/0013_teams_and_billing.ts): the mail on a purchase is the
  // user's choice; the referral fields are set by the server's own procedures only.
  notifyPlanPurchase: { type: 'boolean', required: false, defaultValue: false },
  invitedBy: { type: 'string', required: false, input: false },
  joinedReferralProgram: { type: 'boolean', required: false, defaultValue: false, input: false },
} as const;
