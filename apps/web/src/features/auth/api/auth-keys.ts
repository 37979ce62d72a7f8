/** The one place auth query keys are spelled. The current user's key lives in lib/current-user. */
export const authKeys = {
  all: ['auth'] as const,
  settings: () => [...authKeys.all, 'settings'] as const,
  admin: (email: string) => [...authKeys.all, 'admin', email] as const,
  oauthCallback: () => [...authKeys.all, 'oauth-callback'] as const,
};
