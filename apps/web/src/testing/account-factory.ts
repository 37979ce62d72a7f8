import type { Profile } from '@pitstop/core/accounts';

let sequence = 0;

/** A signed-in user's profile as GET /api/me answers it; override only what a test is about. */
export function createProfile(overrides: Partial<Profile> = {}): Profile {
  sequence += 1;
  return {
    _id: `user-${sequence}`,
    name: 'Riley Rider',
    email: `rider${sequence}@pitstop.com`,
    emailVerified: true,
    image: null,
    occupation: null,
    role: 'user',
    ...overrides,
  };
}

/** A better-auth style error answer ({code, message}). */
export function authErrorResponse(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
