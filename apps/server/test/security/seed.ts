/**
 * The principals and the two-affiliate world of the security tests (docs/security.md "The matrix"): affiliate A is
 * assigned to the affiliate manager, affiliate B is not; each has one record of every affiliate-owned kind, marked
 * with strings that appear nowhere else, so an answer that leaks B (or a staff note) can be found by text.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  campaigns,
  clicks,
  conversions,
  leads,
  notes,
  paymentMethods,
  postbacks,
  systemLogs,
  userManagers,
  users,
  withdrawalMethods,
} from '../../src/db/schema';
import { randomToken } from '../../src/lib/crypto';
import type { TestApp, TestUser } from '../helper';

export const PRINCIPALS = [
  'admin',
  'affiliateManager',
  'employee',
  'advertiserManager',
  'affiliate',
  'advertiserMember',
  'impersonator',
  'anonymous',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** The records of one affiliate, and the strings that mark them. */
export interface AffiliateWorld {
  user: TestUser;
  /** unique strings: the affiliate's e-mail and a marker written into every record */
  markers: string[];
  /** affiliate A's lead that duplicates one of B's (0 for B) */
  duplicateLead?: number;
  ids: {
    click: string;
    lead: number;
    conversion: number;
    postback: number;
    postbackLog: number;
    withdrawalMethod: number;
    campaign: number;
    note: number;
  };
}

export interface SecurityWorld {
  tokens: Record<Principal, string | null>;
  refreshTokens: Record<Principal, string | null>;
  users: Record<Exclude<Principal, 'anonymous' | 'impersonator'>, TestUser> & { impersonatingAdmin: TestUser };
  a: AffiliateWorld;
  b: AffiliateWorld;
  /** shared records both affiliates' data hangs on */
  refs: { offerId: number; verticalId: number; platformId: number };
  /** content of the staff notes on A and B: it must never reach an affiliate */
  noteMarkers: string[];
}

export async function seedSecurityWorld(t: TestApp): Promise<SecurityWorld> {
  const db = t.database.db;
  const vertical = await t.make.vertical();
  const offer = await t.make.offer({ verticalId: vertical.id });
  const advertiser = await t.make.advertiser({ verticalId: vertical.id });
  const [method] = await db
    .insert(paymentMethods)
    .values({ title: `Wire ${randomToken(4)}`, fields: [{ name: 'account', title: 'Account', required: true }], currencies: ['USD'] })
    .returning();

  const manager = await t.make.user({ type: 'affiliate_manager' });
  const staffAuthor = t.admin;

  async function affiliate(tag: 'A' | 'B'): Promise<AffiliateWorld> {
    const marker = `zzmark${tag}${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const user = await t.make.user({ type: 'affiliate', email: `${marker}@test.local` });
    if (tag === 'A') await db.insert(userManagers).values({ userId: user.id, managerId: manager.id });
    const now = new Date();
    const clickId = randomUUID();
    const [campaign] = await db
      .insert(campaigns)
      .values({ key: `k${marker}`.slice(0, 32), title: `Campaign ${marker}`, affiliateId: user.id, offerId: offer.id })
      .returning();
    await db.insert(clicks).values({
      id: clickId,
      createdAt: now,
      status: 1,
      campaignId: campaign.id,
      offerId: offer.id,
      affiliateId: user.id,
      sub1: `sub-${marker}`,
      ip: '203.0.113.9',
    });
    const [lead] = await db
      .insert(leads)
      .values({
        status: 'sent',
        email: `lead-${marker}@example.com`,
        firstName: `First${marker}`,
        phone: '+14155550100',
        country: 'US',
        clickId,
        campaignId: campaign.id,
        offerId: offer.id,
        verticalId: vertical.id,
        affiliateId: user.id,
        advertiserId: advertiser.id,
        integrationId: advertiser.integration.id,
        advertiserLeadId: `adv-${marker}`,
        sub1: `sub-${marker}`,
      })
      .returning();
    const [conversion] = await db
      .insert(conversions)
      .values({
        status: 3,
        clickId,
        leadId: lead.id,
        offerId: offer.id,
        campaignId: campaign.id,
        affiliateId: user.id,
        advertiserId: advertiser.id,
        goalId: vertical.goals[0].id,
        eventId: `ev-${marker}`,
        revenue: '10',
        revenueCurrency: 'USD',
        payout: '5',
        payoutCurrency: 'USD',
        baseRevenue: '10',
        basePayout: '5',
        baseCurrency: 'USD',
        publicNotes: `public-${marker}`,
      })
      .returning();
    const [postback] = await db
      .insert(postbacks)
      .values({
        scope: 'affiliate',
        affiliateId: user.id,
        title: `Postback ${marker}`,
        url: `https://tracker.example/${marker}?c={click_id}`,
        events: ['conversion_approved'],
      })
      .returning();
    const [log] = await db
      .insert(systemLogs)
      .values({
        type: 'postback_out',
        entity: 'affiliate',
        affiliateId: user.id,
        postbackId: postback.id,
        leadId: lead.id,
        conversionId: conversion.id,
        data: { method: 'GET', url: `https://tracker.example/${marker}` },
        success: true,
        msg: `sent ${marker}`,
      })
      .returning();
    const [withdrawal] = await db
      .insert(withdrawalMethods)
      .values({
        userId: user.id,
        paymentMethodId: method.id,
        title: `Payout ${marker}`,
        values: { account: `acct-${marker}` },
        isDefault: true,
      })
      .returning();
    const [note] = await db
      .insert(notes)
      .values({ targetSlug: `affiliate:${user.id}`, title: 'private', content: `note-${marker}`, createdBy: staffAuthor.id })
      .returning();
    return {
      user,
      markers: [marker, user.email],
      ids: {
        click: clickId,
        lead: lead.id,
        conversion: conversion.id,
        postback: postback.id,
        postbackLog: log.id,
        withdrawalMethod: withdrawal.id,
        campaign: campaign.id,
        note: note.id,
      },
    };
  }

  const a = await affiliate('A');
  const b = await affiliate('B');
  // A's second lead is a duplicate of B's: an affiliate is told "duplicate", never B's lead id (defect 15.10)
  const [a2] = await db
    .insert(leads)
    .values({
      status: 'duplicate',
      statusReason: `Duplicate of lead ${b.ids.lead}`,
      duplicateOf: b.ids.lead,
      email: `dup-${a.markers[0]}@example.com`,
      offerId: offer.id,
      verticalId: vertical.id,
      affiliateId: a.user.id,
    })
    .returning();
  a.duplicateLead = a2.id;

  const employee = await t.make.user({ type: 'employee' });
  const advertiserManager = await t.make.user({ type: 'advertiser_manager' });
  const advertiserMember = await t.make.user({ type: 'advertiser_member', signIn: false });
  await db.update(users).set({ advertiserId: advertiser.id }).where(eq(users.id, advertiserMember.id));
  Object.assign(advertiserMember, await t.signIn(advertiserMember.email, advertiserMember.password));

  // a second administrator acts as affiliate A (the first one stays itself for the admin column)
  const impersonatingAdmin = await t.make.user({ type: 'admin' });
  const entered = await t.request({
    method: 'POST',
    url: '/api/v1/auth/impersonate',
    as: impersonatingAdmin,
    payload: { refreshToken: impersonatingAdmin.refreshToken, impersonateAs: a.user.id },
  });
  if (entered.statusCode !== 200) throw new Error(`impersonation failed: ${entered.body}`);

  return {
    tokens: {
      admin: t.admin.token,
      affiliateManager: manager.token,
      employee: employee.token,
      advertiserManager: advertiserManager.token,
      affiliate: a.user.token,
      advertiserMember: advertiserMember.token,
      impersonator: entered.json().data.token,
      anonymous: null,
    },
    refreshTokens: {
      admin: t.admin.refreshToken,
      affiliateManager: manager.refreshToken,
      employee: employee.refreshToken,
      advertiserManager: advertiserManager.refreshToken,
      affiliate: a.user.refreshToken,
      advertiserMember: advertiserMember.refreshToken,
      impersonator: entered.json().data.refreshToken,
      anonymous: null,
    },
    users: {
      admin: t.admin,
      affiliateManager: manager,
      employee,
      advertiserManager,
      affiliate: a.user,
      advertiserMember,
      impersonatingAdmin,
    },
    a,
    b,
    refs: { offerId: offer.id, verticalId: vertical.id, platformId: advertiser.platform.id },
    noteMarkers: [`note-${a.markers[0]}`, `note-${b.markers[0]}`],
  };
}

/** A new session of the principal's user (a new impersonation for the impersonator), for a probe that ends the others. */
export async function freshToken(t: TestApp, w: SecurityWorld, p: Principal): Promise<string | null> {
  if (p === 'anonymous') return null;
  if (p === 'impersonator') {
    const admin = w.users.impersonatingAdmin;
    const own = await t.signIn(admin.email, admin.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: own.token,
      payload: { refreshToken: own.refreshToken, impersonateAs: w.a.user.id },
    });
    if (res.statusCode !== 200) throw new Error(`impersonation failed: ${res.body}`);
    return res.json().data.token;
  }
  const user = w.users[p];
  return (await t.signIn(user.email, user.password)).token;
}
