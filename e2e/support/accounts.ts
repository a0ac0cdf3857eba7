import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './env.js';
import { linkIn, waitForMail } from './mailbox.js';

export interface Account {
  name: string;
  email: string;
  password: string;
}

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login ${email}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The access token of an account, as its owner signs in through the API. */
export function loginToken(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  return tokenOf(request, account.email, account.password);
}

/**
 * A designer made the way a person becomes one — register, confirm from the
 * mailed link, ask for the role, an admin approves — through the API, for tests
 * whose subject is something else.
 */
export async function createDesigner(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@e2e.test`;
  const password = 'design-password-1';
  const registered = await request.post('/api/users/register', {
    data: { name, email, password, password2: password },
  });
  if (registered.status() !== 201) throw new Error(`register ${email}: ${registered.status()}`);
  const link = new URL(linkIn(await waitForMail(email, /confirm/i), '/fe/confirmemail'));
  await request.post('/api/users/confirm', {
    data: { msg: link.searchParams.get('msg'), mac: link.searchParams.get('mac') },
  });
  const token = await tokenOf(request, email, password);
  await request.post('/api/users/account/roleRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: { roleRequest: { role: 'designer' } },
  });
  const adminToken = await tokenOf(request, ADMIN.email, ADMIN.password);
  const approved = await request.patch('/api/admin/role-requests', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, action: 'approve', reason: 'e2e' },
  });
  if (!approved.ok()) throw new Error(`approve ${email}: ${approved.status()}`);
  return { name, email, password };
}

/** Signs in through the login form and waits for the games list. */
export async function signInAs(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Games' }).waitFor();
}
