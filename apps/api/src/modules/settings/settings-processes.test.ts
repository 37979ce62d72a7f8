import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@pitstop/core/delivery-promise';
import { bearer, makeAdmin, signUp } from '../../test/accounts.js';
import { busLabel, useTwoProcesses } from '../../test/app.js';

const two = useTwoProcesses();

describe(`delivery settings across two processes (${busLabel})`, () => {
  it('a save through one process is what the other reads next, from memory', async () => {
    const admin = await signUp(two.a);
    await makeAdmin(two.database.db, admin);
    // Both processes have read (and keep) the defaults.
    for (const app of [two.a, two.b]) {
      const res = await app.inject({ method: 'GET', url: '/api/settings/delivery' });
      expect(res.json()).toEqual(DEFAULT_DELIVERY_SETTINGS);
      expect((await app.deliverySettings.get()).cutoff).toBe('15:00');
    }
    const changed: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, cutoff: '12:30', handlingDays: 1 };
    const saved = await two.a.inject({
      method: 'PUT',
      url: '/api/admin/settings/delivery',
      headers: bearer(admin.token),
      payload: changed,
    });
    expect(saved.statusCode).toBe(200);
    const other = await two.b.inject({ method: 'GET', url: '/api/settings/delivery' });
    expect(other.json()).toMatchObject({ cutoff: '12:30', handlingDays: 1 });
    expect((await two.b.deliverySettings.get()).cutoff).toBe('12:30');
  });
});
