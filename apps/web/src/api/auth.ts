/** The auth calls of product §7 (apps/server/src/modules/access/auth/auth.routes.ts). Bodies are typed by the shared schemas. */
import type {
  checkEmailBody,
  loginAnswer,
  loginBody,
  newPasswordBody,
  recoveryBody,
  signUpBody,
  tokenPairSchema,
} from '@leadgrid/shared/access/auth';
import type { z } from 'zod';
import { api } from './client';

export type LoginBody = z.input<typeof loginBody>;
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type SignUpBody = z.input<typeof signUpBody>;
export type NewPasswordBody = z.input<typeof newPasswordBody>;
export type TokenPairAnswer = z.infer<typeof tokenPairSchema>;

export const authApi = {
  login: (body: LoginBody) => api.post<LoginAnswer>('/auth/login', body),
  logout: (refreshToken: string | undefined) => api.post<Record<string, never>>('/auth/logout', { refreshToken }, { silent: true }),
  signUp: (body: SignUpBody) => api.post<TokenPairAnswer>('/auth/sign-up', body),
  /** checked on blur: no toasts, the form shows the answer on the field */
  checkEmail: (body: z.input<typeof checkEmailBody>) => api.post<{ available: boolean }>('/auth/check-email', body, { silent: true }),
  passwordRecovery: (body: z.input<typeof recoveryBody>) => api.post<Record<string, never>>('/auth/password-recovery', body),
  newPassword: (body: NewPasswordBody) => api.post<Record<string, never>>('/auth/new-password', body),
  /** enter with the admin's refresh token and the target id */
  impersonate: (refreshToken: string, impersonateAs: number) =>
    api.post<TokenPairAnswer>('/auth/impersonate', { refreshToken, impersonateAs }),
  /** leave: an empty body from the impersonated session */
  leaveImpersonation: () => api.post<TokenPairAnswer>('/auth/impersonate', {}),
};
