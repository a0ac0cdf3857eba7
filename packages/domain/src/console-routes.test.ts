import { describe, expect, it } from 'vitest';
import { childRoutePath, isConsoleRoute } from './console-routes.js';

describe('isConsoleRoute', () => {
  it('knows the console’s routes, with their parameters and trailing slashes', () => {
    for (const path of [
      '/fe/',
      '/fe/login',
      '/fe/account/',
      '/fe/admin',
      '/fe/admin/role-requests',
      '/fe/games/new',
      '/fe/games/edit/42',
      '/fe/games/42',
      '/fe/games/42/scenes/show/s1',
      '/fe/active-games/42',
      '/fe/active-games/42/instance/i1',
      '/fe/analytics/42',
      '/fe/debugging-tools',
      '/fe/play/42',
      '/fe/gameplay/42/objects/o1',
      '/fe/share/42/print',
      '/fe/my-games',
    ]) {
      expect(isConsoleRoute(path), path).toBe(true);
    }
  });

  it('tells unknown paths apart', () => {
    for (const path of [
      '/fe/nowhere',
      '/fe/login/again',
      '/fe/admin/users',
      '/fe/active-games',
      '/fe/active-games/42/players',
      '/fe/active-games/42/instance',
      '/fe/games',
      '/fe/analytics',
      '/fe/play',
      '/fe/share/42',
      '/fe/my-games/old',
    ]) {
      expect(isConsoleRoute(path), path).toBe(false);
    }
  });

  it('writes a nested route relative to its parent', () => {
    expect(childRoutePath('admin/role-requests', 'admin')).toBe('role-requests');
    expect(childRoutePath('login', 'admin')).toBe('login');
  });
});
