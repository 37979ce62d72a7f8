/** What better-auth answers to a successful sign-in or sign-up (only the fields we read). */
export interface AuthSession {
  token: string | null;
  user: { id: string; email: string; name: string };
}
