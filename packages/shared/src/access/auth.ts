import { z } from 'zod';
import { zEmail, zId, zPassword } from '../validation';

export const loginBody = z.object({
  email: zEmail(),
  password: z.string({ message: 'required' }).min(1, { message: 'required' }).max(200, { message: 'maxlength' }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Invalid code, please try again' })
    .optional(),
});
export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
/**
 * Login answers a token pair, or `twoFactorRequired` when the account has 2FA and no code was sent. A pair with
 * `twoFactorSetupRequired` signs in a user whose role requires two-factor sign-in it has not set up yet: until it
 * does, only its profile's two-factor set-up answers.
 */
export const loginAnswer = z.union([
  tokenPairSchema.extend({ twoFactorSetupRequired: z.literal(true).optional() }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export const refreshBody = z.object({ refreshToken: z.string().min(10, { message: 'required' }).max(200) });
export const refreshAnswer = tokenPairSchema.extend({
  extraInfo: z.object({ status: z.string(), trafficBlocked: z.boolean(), frontendVersionTs: z.number().int() }),
});
export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });
/** Enter with both fields; leave with an empty body. */
export const impersonateBody = z.object({ refreshToken: z.string().max(200).optional(), impersonateAs: zId().optional() });
export const signUpBody = z.object({
  email: zEmail(),
  password: zPassword(),
  firstName: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }),
  lastName: z.string().trim().max(100, { message: 'maxlength' }).default(''),
  telegram: z.string().trim().max(100, { message: 'maxlength' }).optional(),
  timezone: z.string().max(64).optional(),
  language: z.string().max(8).optional(),
});
export const checkEmailBody = z.object({ email: zEmail() });
export const recoveryBody = z.object({ email: zEmail() });
export const newPasswordBody = z
  .object({ token: z.string().min(10, { message: 'required' }).max(200), password: zPassword(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'confirmPassword', path: ['confirmPassword'] });
export const changePasswordBody = z
  .object({ currentPassword: z.string().min(1, { message: 'required' }).max(200), password: zPassword(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'confirmPassword', path: ['confirmPassword'] });
export const twoFactorCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Invalid code, please try again' }),
});
export const twoFactorSetupAnswer = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });

/** One signed-in device of the user (a refresh-token family): GET /auth/sessions. */
export const sessionSchema = z.object({
  /** the session id (not a credential) */
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** signed in at (seconds) */
  createdAt: z.number().int(),
  /** the last time the session renewed its access (seconds) */
  lastUsedAt: z.number().int(),
  /** the session making the request */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
/** DELETE /auth/sessions: the sessions to end */
export const sessionIdsBody = z.object({
  data: z
    .array(z.string().uuid({ message: 'pattern' }))
    .min(1, { message: 'required' })
    .max(100, { message: 'noMore' }),
});

/** JWT claims of the access token. */
export interface AccessClaims {
  sub: string;
  cur: string;
  /** impersonator user id when an admin acts as this user */
  imp?: number;
  /** the session (refresh-token family) the token was issued for */
  sid?: string;
}
