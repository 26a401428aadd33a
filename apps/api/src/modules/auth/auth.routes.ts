import { PROFILE_PHOTO_MAX_BYTES, TRUSTED_DEVICE_DAYS } from '@app/shared/constants';
import {
  authResult,
  changeEmailBody,
  emailBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  unlockAccountBody,
  type LoginBody,
  updateLocaleBody,
  updatePasswordBody,
  updateProfileFields,
  userInfoSchema,
  verifyEmailBody,
  verifyOtpBody,
} from '@app/shared/schemas/auth';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { sniffImage } from '../../integrations/storage/storage.adapter';
import { AppError, unauthenticated } from '../../lib/errors';
import { t } from '../../i18n/messages';
import { issuesToFields } from '../../plugins/errors';
import { XSRF_COOKIE } from '../../plugins/request-context';
import { randomToken } from '../../lib/crypto';
import { type AuthContext, type AuthService, loginThrottleKey } from './auth.service';

/** The trusted-device cookie (auth.service `login`): sent only to the sign-in routes, never readable by scripts. */
export const DEVICE_COOKIE = 'khidma_device';

const meResult = z.object({ data: userInfoSchema });
const tokenResult = z.object({ message: z.string(), data: z.object({ token: z.string() }) });

/** Throttle per client address and, for sign-in, per account asked for. */
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

function bearerOf(request: FastifyRequest): string {
  return (request.headers.authorization ?? '').slice(7).trim();
}

export const authRoutes = (deps: { auth: AuthService; storage: StorageAdapter; secureCookies: boolean; loginPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, storage } = deps;
    /** The account holder's browser (opened the unlock link or reset the password): the sign-in lock does not apply to it. */
    const trustBrowser = (reply: FastifyReply, deviceToken: string) =>
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: '/api/v1/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookies,
        maxAge: TRUSTED_DEVICE_DAYS * 86_400,
      });
    /** Routes a signed-in user reaches before the phone is verified and the profile complete. */
    const early = { self: true, pos: true, phoneVerified: false, profileCompleted: false, subscription: false } as const;

    app.get('/csrf-cookie', { config: { auth: 'public' }, schema: { tags: ['auth'], summary: 'Set the XSRF cookie' } }, async (request, reply) => {
      const existing = request.cookies[XSRF_COOKIE];
      const value = existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing) ? existing : randomToken(24);
      reply.setCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'lax', httpOnly: false, secure: deps.secureCookies, maxAge: 60 * 60 * 12 });
      return reply.status(204).send();
    });

    app.post(
      '/auth/register',
      { config: { auth: 'public', ...perIp(10) }, schema: { tags: ['auth'], body: registerBody, response: { 201: authResult } } },
      async (request, reply) => {
        const token = await auth.register(request.body, request.locale);
        return reply.status(201).send({ data: { user: await auth.freshInfo(token), token } });
      },
    );

    app.post(
      '/auth/login',
      {
        config: {
          auth: 'public',
          rateLimit: {
            max: deps.loginPerMinute,
            timeWindow: '1 minute',
            // After parsing, so the key can name the account asked for.
            hook: 'preHandler',
            // The account as sign-in resolves it: the same login written eight ways shares one allowance.
            keyGenerator: (req: FastifyRequest) => `login:${req.ip}:${loginThrottleKey((req.body ?? {}) as LoginBody)}`,
          },
        },
        schema: { tags: ['auth'], body: loginBody, response: { 200: authResult } },
      },
      async (request) => {
        const token = await auth.login(request.body, request.cookies[DEVICE_COOKIE]);
        return { data: { user: await auth.freshInfo(token), token } };
      },
    );

    app.get('/auth/me', { config: early, schema: { tags: ['auth'], response: { 200: meResult } } }, async (request) => ({
      data: await auth.userInfo(requireAuth(request)),
    }));

    app.post('/auth/logout', { config: early, schema: { tags: ['auth'], response: { 200: messageSchema } } }, async (request) => {
      await auth.logout(requireAuth(request));
      return { message: t('logged_out', request.locale) };
    });

    app.post(
      '/auth/verify-otp',
      { config: { ...early, ...perIp(20) }, schema: { tags: ['auth'], body: verifyOtpBody, response: { 200: meResult.extend({ message: z.string() }) } } },
      async (request) => {
        await auth.verifyOtp(requireAuth(request), request.body.code);
        return { message: t('phone_verified', request.locale), data: await auth.freshInfo(bearerOf(request)) };
      },
    );

    app.post(
      '/auth/resend-otp',
      { config: { ...early, ...perIp(10) }, schema: { tags: ['auth'], body: resendOtpBody.nullish(), response: { 200: messageSchema } } },
      async (request) => {
        await auth.resendOtp(requireAuth(request), request.locale);
        return { message: t('otp_sent', request.locale) };
      },
    );

    app.post(
      '/auth/email/verification-notification',
      { config: { ...early, ...perIp(6) }, schema: { tags: ['auth'], response: { 200: messageSchema } } },
      async (request) => {
        await auth.sendVerificationEmail(requireAuth(request), request.locale);
        return { message: t('verification_sent', request.locale) };
      },
    );

    app.post(
      '/auth/resend-mail',
      { config: { auth: 'public', ...perIp(6) }, schema: { tags: ['auth'], body: emailBody, response: { 200: messageSchema } } },
      async (request) => {
        await auth.resendVerificationByEmail(request.body.email, request.locale);
        return { message: t('verification_sent', request.locale) };
      },
    );

    app.post(
      '/auth/email/verify',
      { config: { auth: 'public', ...perIp(20) }, schema: { tags: ['auth'], body: verifyEmailBody, response: { 200: messageSchema } } },
      async (request) => {
        await auth.verifyEmail(request.body.token);
        return { message: t('email_verified', request.locale) };
      },
    );

    app.post(
      '/auth/forgot-password',
      { config: { auth: 'public', ...perIp(6) }, schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageSchema } } },
      async (request) => {
        await auth.forgotPassword(request.body.email, request.locale);
        return { message: t('reset_link_sent', request.locale) };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: { auth: 'public', ...perIp(10) },
        schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: z.object({ status: z.string(), message: z.string() }) } },
      },
      async (request, reply) => {
        const { email, token, password } = request.body;
        const { deviceToken } = await auth.resetPassword(email, token, password);
        trustBrowser(reply, deviceToken);
        const message = t('password_reset', request.locale);
        return { status: message, message };
      },
    );

    app.post(
      '/auth/unlock-account',
      { config: { auth: 'public', ...perIp(10) }, schema: { tags: ['auth'], body: unlockAccountBody, response: { 200: messageSchema } } },
      async (request, reply) => {
        const { deviceToken } = await auth.unlockAccount(request.body.token);
        trustBrowser(reply, deviceToken);
        return { message: t('account_unlocked', request.locale) };
      },
    );

    app.post(
      '/auth/update-password',
      { config: { ...early, ...perIp(10) }, schema: { tags: ['auth'], body: updatePasswordBody, response: { 200: tokenResult } } },
      async (request) => {
        const token = await auth.updatePassword(requireAuth(request), request.body.current_password, request.body.password);
        return { message: t('password_updated', request.locale), data: { token } };
      },
    );

    app.post(
      '/auth/change-email',
      { config: { ...early, ...perIp(6) }, schema: { tags: ['auth'], body: changeEmailBody, response: { 200: messageSchema } } },
      async (request) => {
        await auth.changeEmail(requireAuth(request), request.body.new_email, request.body.current_password, request.locale);
        return { message: t('email_change_sent', request.locale) };
      },
    );

    const updateLocale = async (request: FastifyRequest<{ Body: z.infer<typeof updateLocaleBody> }>) => {
      await auth.updateUserFields(requireAuth(request), { locale: request.body.locale });
      return { message: t('locale_updated', request.body.locale) };
    };
    const localeSchema = { tags: ['auth'], body: updateLocaleBody, response: { 200: messageSchema } };
    app.post('/update-locale', { config: early, schema: localeSchema }, updateLocale);
    app.put('/update-locale', { config: early, schema: localeSchema }, updateLocale);

    app.post(
      '/update-profile',
      {
        config: early,
        schema: {
          tags: ['auth'],
          summary: 'Update name and photo (multipart: name, photo, remove_photo)',
          consumes: ['multipart/form-data'],
          response: { 200: meResult.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const fields: Record<string, string> = {};
        let photo: Buffer | null = null;
        if (request.isMultipart()) {
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'photo' || photo) {
                  part.file.resume();
                  continue;
                }
                try {
                  photo = await part.toBuffer();
                } catch {
                  throw new AppError(422, 'validation_failed', {
                    fields: { photo: [{ key: 'file_too_large', params: { max: PROFILE_PHOTO_MAX_BYTES / 1024 / 1024 } }] },
                  });
                }
              } else if (typeof part.value === 'string') {
                fields[part.fieldname] = part.value;
              }
            }
          } catch (err) {
            // A truncated or malformed multipart body is the client's fault, not a server error.
            if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
            throw new AppError(422, 'validation_failed', { fields: { body: [{ key: 'invalid' }] } });
          }
        } else if (request.body && typeof request.body === 'object') {
          for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
        }
        const parsed = updateProfileFields.safeParse(fields);
        if (!parsed.success) {
          throw new AppError(422, 'validation_failed', { messages: issuesToFields(parsed.error.issues, fields, request.locale) });
        }
        const values: { name: string; profilePhoto?: string | null } = { name: parsed.data.name };
        if (photo) {
          const kind = sniffImage(photo);
          if (!kind) throw new AppError(422, 'validation_failed', { fields: { photo: [{ key: 'file_type' }] } });
          values.profilePhoto = await storage.put(`avatars/${ctx.tenantId}/${randomUUID()}.${kind.ext}`, photo);
        } else if (parsed.data.remove_photo === '1' || parsed.data.remove_photo === 'true') {
          values.profilePhoto = null;
        }
        const old = ctx.user.profilePhoto;
        await auth.updateUserFields(ctx, values);
        if (old && values.profilePhoto !== undefined && old !== values.profilePhoto) await storage.remove(old);
        return { message: t('profile_updated', request.locale), data: await auth.freshInfo(bearerOf(request)) };
      },
    );
  };
