import type { Queryable } from '../db/database.js';
import { DEMO_APP_KEY, insertAppKey, newKeyPair, updateAppKeyConfig } from '../download/app-key-repository.js';

/**
 * Seeds the demo agent: an app key with a fresh key pair (the private key kept only in
 * the sandbox table for the demo page), a whitelist, download URLs and a descriptor.
 *
 * @example await seedDownload(tx);
 */
export async function seedDownload(tx: Queryable): Promise<void> {
  const { publicKeyPem, privateKeyPem } = newKeyPair();
  await insertAppKey(tx, { appKey: DEMO_APP_KEY, siteId: 4, agent: 'demo-agent', publicKeyPem });
  await tx.query('INSERT INTO download_sandbox_keys (app_key, private_key_pem) VALUES ($1, $2)', [DEMO_APP_KEY, privateKeyPem]);
  await updateAppKeyConfig(tx, DEMO_APP_KEY, {
    whitelist: ['localhost', '127.0.0.1', 'agent.test'],
    landingUrl: 'http://localhost:3000/examples/agent-landing/',
    teamId: 'LOBBYDEMO1',
    descAddr: 'https://downloads.lobby.example/ios/lobby.mobileconfig',
    urls: {
      windows: 'https://downloads.lobby.example/pc/lobby-setup-3.4.0.exe',
      mac: 'https://downloads.lobby.example/pc/lobby-3.4.0.dmg',
      android: 'https://downloads.lobby.example/app/lobby-3.4.0.apk',
      ios: 'https://downloads.lobby.example/app/ios',
      testflight: 'https://testflight.apple.com/join/LOBBYDEMO',
    },
  });
}
