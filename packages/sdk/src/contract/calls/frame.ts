import { defineCall } from '../call.js';
import { s } from '../schema.js';

// Site-frame calls of issue 7 beyond the content calls: the forgotten password by email
// in its steps (spec section 7, member group: "forget by phone or email (multi-step)")
// and the leave-pay-window config (spec section 7, site group).

const Name = s.string({ minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' });
/** A plain mailbox address: something@domain.tld, no spaces, at most 254 characters. */
export const EMAIL_PATTERN = '^[^\\s@]{1,64}@[^\\s@]+\\.[^\\s@]{2,}$';
const Email = s.string({ maxLength: 254, pattern: EMAIL_PATTERN });

/**
 * Step 1: the member's name and the email bound to it; the server mails a 6-digit code
 * (one per address every 60 s). An address that is not the member's answers
 * emailNotBound without saying whether the name exists.
 */
export const forgetPasswordEmailSend = defineCall({
  name: 'forgetPasswordEmailSend',
  group: 'member',
  path: '/member/v1/forget_password/email/send_code',
  style: 'json',
  auth: 'none',
  summary: 'Forgotten password by email, step 1: mail a code to the bound address',
  request: s.object({ name: Name, email: Email }),
  response: s.object({ resendAfterS: s.integer(), expiresInS: s.integer(), codeLength: s.integer() }),
});

/**
 * Step 2: the code from the mail. A right code is used up and answers a reset token for
 * step 3 (valid 10 minutes, once); a wrong, spent or expired one answers codeWrong.
 */
export const forgetPasswordEmailVerify = defineCall({
  name: 'forgetPasswordEmailVerify',
  group: 'member',
  path: '/member/v1/forget_password/email/verify',
  style: 'json',
  auth: 'none',
  summary: 'Forgotten password by email, step 2: check the mailed code, get a reset token',
  request: s.object({ name: Name, email: Email, code: s.string({ pattern: '^[0-9]{6}$' }) }),
  response: s.object({ resetToken: s.string(), expiresInS: s.integer() }),
});

/**
 * Step 3: the reset token and the new password hash. Success ends every session of the
 * member; a used, expired or unknown token answers resetTokenInvalid.
 */
export const forgetPasswordEmailReset = defineCall({
  name: 'forgetPasswordEmailReset',
  group: 'member',
  path: '/member/v1/forget_password/email/reset',
  style: 'json',
  auth: 'none',
  summary: 'Forgotten password by email, step 3: set the new password with the reset token',
  request: s.object({
    resetToken: s.string({ pattern: '^[0-9a-f]{48}$' }),
    password: s.string({ pattern: '^[0-9a-f]{32}$', description: 'MD5 hex of the new password' }),
  }),
  response: s.object({}),
});

/** Leave-pay-window config status: 1 asks before leaving the payment page, 0 does not. */
export const LEAVE_PAY_ON = 1;

/** The brand's leave-pay-window config (spec sections 2 and 7); public, per x-site-id. */
export const leavePayConfig = defineCall({
  name: 'leavePayConfig',
  group: 'site',
  path: '/site/v1/leave_pay_window_config',
  style: 'query',
  auth: 'none',
  summary: 'Whether leaving the deposit payment page asks for confirmation (status 1 on, 0 off)',
  request: s.empty(),
  response: s.object({ status: s.integer({ minimum: 0, maximum: 1 }) }),
});

/** Venue types of the base config (spec section 3): sports, e-sports, e-games, fishing, live, lottery, chess. */
export const VENUE_TYPES = ['ty', 'dj', 'dz', 'by', 'zr', 'cp', 'qp'] as const;

/** Spec section 3 venue kinds: core 1 (the brand's own venues), venues 2 (partner venues). */
export const VENUE_KIND = { core: 1, venues: 2 } as const;

export const VenueOfType = s.object({
  code: s.string(),
  enName: s.string(),
  zhName: s.string(),
  gameType: s.integer(),
  venueKind: s.integer({ minimum: 1, maximum: 2, description: "Venue kind: 1 core (the brand's own venues, listed first), 2 venues (partner venues)" }),
  walletModel: s.optional(s.enum(['transfer', 'seamless'] as const, { description: 'transfer (the default when absent) or seamless: play debits the centre wallet, no transfers' })),
  maintenance: s.boolean({ description: 'True while the venue is in maintenance' }),
});

/** The brand's venues of one type, from its base config, with each venue's maintenance flag; public. */
export const venueTypeList = defineCall({
  name: 'venueTypeList',
  group: 'site',
  path: '/site/v1/venue_type_list',
  style: 'query',
  auth: 'none',
  summary: "The brand's venues of one type (ty, dj, dz, by, zr, cp, qp) with their kind and maintenance flag, core venues first",
  request: s.object({
    type: s.enum(VENUE_TYPES),
    kind: s.optional(s.integer({ minimum: 1, maximum: 2, description: 'Only venues of this kind: 1 core, 2 venues; every venue when absent' })),
  }),
  response: s.array(VenueOfType),
});
