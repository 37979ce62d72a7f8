import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterSchema, UserInfoSchema } from './accounts.js';
import { isShopEmail } from './email.js';
import { messages } from './messages.js';

function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe('the shop email rule', () => {
  it.each(['rider@pitstop.com', 'a1@mail.io', 'x9@abc.de'])('accepts %s', (email) => {
    expect(isShopEmail(email)).toBe(true);
  });
  it.each([
    'Rider@pitstop.com',
    'first.last@pitstop.com',
    'a@b.info',
    'a@b',
    'a@b.c',
    ' a@b.com',
    'a@b.com x',
  ])('refuses %s', (email) => expect(isShopEmail(email)).toBe(false));
});

describe('LoginSchema', () => {
  it.each([
    [{ email: '', password: 'secret1' }, 'email', messages.emailRequired],
    [{ email: 'nope', password: 'secret1' }, 'email', messages.emailInvalid],
    [{ email: 'a@b.com', password: '' }, 'password', messages.passwordRequired],
    [{ email: 'a@b.com', password: '12345' }, 'password', messages.passwordTooShort],
  ])('%o → %s: %s', (input, field, message) => {
    expect(firstMessages(LoginSchema.safeParse(input))[field]).toBe(message);
  });
  it('accepts a valid login', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.com', password: '123456' }).success).toBe(true);
  });
});

describe('RegisterSchema', () => {
  const ok = { name: 'Asha', email: 'asha@pitstop.com', password: 'secret1', confirmPassword: 'secret1' };
  it.each([
    [{ ...ok, name: '  ' }, 'name', messages.nameRequired],
    [{ ...ok, password: '123', confirmPassword: '123' }, 'password', messages.registerPasswordTooShort],
    [{ ...ok, confirmPassword: '' }, 'confirmPassword', messages.passwordRequired],
    [{ ...ok, confirmPassword: 'secret2' }, 'confirmPassword', messages.passwordMismatch],
  ])('%o → %s: %s', (input, field, message) => {
    expect(firstMessages(RegisterSchema.safeParse(input))[field]).toBe(message);
  });
  it('accepts a valid registration', () => {
    expect(RegisterSchema.safeParse(ok).success).toBe(true);
  });
});

describe('UserInfoSchema', () => {
  it('requires the photo with the spec message and checks the occupation', () => {
    const errors = firstMessages(
      UserInfoSchema.safeParse({ email: 'a@b.com', name: 'A', occupation: 'Pilot', img: '' }),
    );
    expect(errors.img).toBe(messages.imgRequired);
    expect(errors.occupation).toBeTruthy();
    const ok = UserInfoSchema.safeParse({
      email: 'a@b.com',
      name: 'A',
      occupation: 'Job Holder',
      img: `/uploads/${'0'.repeat(64)}.webp`,
    });
    expect(ok.success).toBe(true);
  });

  it('takes the account’s own address even where the sign-up rule would not (Google accounts)', () => {
    const google = UserInfoSchema.safeParse({
      email: 'first.last@gmail.com',
      name: 'A',
      occupation: 'Student',
      img: `/uploads/${'0'.repeat(64)}.webp`,
    });
    expect(google.success).toBe(true);
    expect(
      firstMessages(UserInfoSchema.safeParse({ email: 'nope', name: 'A', occupation: 'Student', img: 'x' }))
        .email,
    ).toBe(messages.emailInvalid);
  });
});
