// Download SDK figures of issue 5: how long one RSA-SHA1 signature of a typical report's
// canonical string takes with each signer the SDK can use (WebCrypto in secure contexts,
// node-forge elsewhere) beside Node's createSign, and how many signatures a second the
// server verifies. Budgets: a click must not wait on signing (WebCrypto well under a
// frame; forge under 100 ms, which is why it loads only where WebCrypto is missing).
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { canonicalString, createWebCryptoSigner } from '../packages/sdk/dist/index.js';
import { createReport } from './support/harness.mjs';

const ROUNDS = Number(process.env.BENCH_SIGN_ROUNDS ?? 40);

async function msPerOp(rounds, work) {
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) await work(i);
  return Number(((performance.now() - started) / rounds).toFixed(2));
}

export async function run() {
  const report = createReport('download');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const text = (i) => canonicalString({ appkey: 'ak_demo_agent', type: 'pageView', nonce: `n${i}`, timestamp: Date.now(), data: { i_code: 'DEMO42', n: i }, url: 'http://agent.test/?i_code=DEMO42', screen: '1920x1080', platform: 'android' });
  const webCrypto = await createWebCryptoSigner(pem);
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  report.add('WebCrypto sign (2048-bit RSA-SHA1)', await msPerOp(ROUNDS * 5, (i) => webCrypto.sign(text(i))), 'ms', { max: 5 });
  report.add('node-forge sign (the plain-http fallback)', await msPerOp(ROUNDS, (i) => {
    const digest = forge.md.sha1.create();
    digest.update(text(i), 'utf8');
    forgeKey.sign(digest);
  }), 'ms', { max: 100 });
  report.add('Node createSign (baseline)', await msPerOp(ROUNDS * 5, (i) => createSign('RSA-SHA1').update(text(i)).sign(pem)), 'ms', null);
  const signature = createSign('RSA-SHA1').update(text(0)).sign(pem);
  const verifyMs = await msPerOp(ROUNDS * 25, () => createVerify('RSA-SHA1').update(text(0)).verify(publicKey, signature));
  report.add('server signature checks a second (one core)', Math.round(1000 / verifyMs), 'ops/s', { min: 2000 });
  return report;
}
