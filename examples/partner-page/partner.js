// The partner page's own script: no inline code anywhere, so the page needs no
// 'unsafe-inline'. It runs before the widget files arrive; lobby(...) queues until then.
(function () {
  'use strict';
  var lobby = window.lobby;
  lobby('config', { lang: document.documentElement.lang });

  // A partner gets the member token from its own back end; this demo takes it from the
  // address (#token=...) and removes it from there at once.
  var match = /(?:^|[#&])token=([0-9a-fA-F]{16,})/.exec(location.hash);
  if (match) {
    lobby('session', { token: match[1] });
    history.replaceState(null, '', location.pathname + location.search);
  }

  function onReady() {
    var state = document.getElementById('session-state');
    if (match && state) state.textContent = 'A member token was handed to the widgets with lobby("session").';
    document.getElementById('open-coins').addEventListener('click', function () {
      document.getElementById('coins').show();
    });
    document.getElementById('logout').addEventListener('click', function () {
      lobby('logout');
      if (state) state.textContent = 'Token forgotten: the widgets act as for a visitor.';
    });
    var list = document.getElementById('events');
    ['lobby-buy-gold', 'lobby-refresh', 'lobby-finish', 'lobby-error', 'lobby-close', 'lobby-navigate', 'lobby-prompt'].forEach(function (name) {
      document.addEventListener(name, function (event) {
        if (name === 'lobby-navigate') event.preventDefault(); // this page has no such route
        var item = document.createElement('li');
        item.textContent = name + ' ' + JSON.stringify(event.detail === undefined ? null : event.detail);
        list.appendChild(item);
      });
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onReady);
  else onReady();
})();
