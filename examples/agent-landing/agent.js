// The agent's landing page script. A real agent writes its app key and private key into
// this file (its page is what holds the key); the demo asks the sandbox door for the
// seeded demo agent's key instead, so no key is committed to the repository.
const state = { sdk: null, log: [], reports: [] };
window.agentLanding = state;

function show(id, text) {
  document.getElementById(id).textContent = String(text);
}

function log(text) {
  state.log.push(text);
  const item = document.createElement('li');
  item.textContent = text; // text, never HTML: codes come from the URL
  document.getElementById('log').append(item);
}

async function demoAgentConfig() {
  const response = await fetch('/sandbox/download/demo-agent');
  const body = await response.json();
  if (body.code !== 0) throw new Error(body.msg);
  return body.data;
}

async function onReady(sdk) {
  state.sdk = sdk;
  show('version', sdk.version);
  show('invite', sdk.codes.i_code || '无');
  show('signer', (await sdk.signerKind()) || '不可用');
  const whitelist = await sdk.checkWhitelist();
  show('whitelist', whitelist ? (whitelist.category === 1 ? '已在白名单' : `不在白名单，官方地址 ${whitelist.url}`) : '检查失败');
  const block = document.getElementById('download-block');
  block.sdk = sdk;
  document.body.dataset.ready = 'true';
}

async function start() {
  const agent = await demoAgentConfig();
  const sdk = window.LobbyDownload.init({
    appKey: agent.appKey,
    privateKey: agent.privateKeyPem,
    scheme: agent.scheme,
    isPostParams: true,
    downloadable: true,
    onready: (ready) => void onReady(ready),
    onerror: (error) => log(`错误 ${error.kind}${error.code ? ` ${error.code}` : ''}: ${error.message}`),
  });
  if (!sdk) return;
  document.getElementById('open-app').addEventListener('click', () => void sdk.wakeUp());
  document.getElementById('windows').addEventListener('click', () => void sdk.download('windows'));
  document.getElementById('mac').addEventListener('click', () => void sdk.download('mac'));
}

start().catch((error) => log(`启动失败: ${error.message}`));
