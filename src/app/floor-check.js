/**
 * The browser check, inline at the end of every HTML document's body (vite.config.ts
 * `floorCheck`, scripts/floor-check.ts): it runs once the markup is parsed and before any
 * module, which runs only after that. A browser below the floor
 * (package.json's browserslist, docs/decisions/0020-the-browser-floor.md) gets a plain pt-BR
 * page saying what to update, never a blank page or a skeleton forever.
 *
 * ES5 and no eval or new Function (the Content-Security-Policy allows this script by its
 * hash, nothing else inline): it must run on browsers far below the floor to say so
 * (scripts/check-floor.ts checks it at ES5). `__FLOOR__` is replaced at build with the
 * floor's versions.
 *
 * 1. At once: what the app's code needs and the floor guarantees. Each test names the MDN
 *    browser-compat-data feature it stands for (`bcd:`; scripts/floor-check.test.ts checks
 *    that every floor browser has each): a browser that fails one cannot start. Syntax cannot
 *    be tested without eval; the first browsers with these APIs parse the build's syntax too.
 *    Failing, the page stops loading (the document's modules, which wait for its end, never
 *    run; the boot and main.tsx also look for `data-below-floor`) and says so.
 * 2. Then, until the app's entry has run (`started()`, main.tsx): a file of the app that this
 *    browser cannot parse (a SyntaxError at the window, or `cannotStart()` from the boot,
 *    whose imports reject with it) shows the same page.
 */
;(function () {
  var w = window
  var d = document
  var floor = __FLOOR__
  var started = false
  var shown = false

  // The features it tests for are the floor's, not ES5's: tested, never relied on.
  /* eslint-disable es-x/no-array-prototype-at, es-x/no-object-hasown, es-x/no-regexp-named-capture-groups, es-x/no-regexp-unicode-property-escapes, es-x/no-regexp-s-flag, es-x/no-regexp-u-flag */
  function canStart() {
    try {
      return (
        'noModule' in d.createElement('script') && // bcd: html.elements.script.nomodule
        typeof [].at === 'function' && // bcd: javascript.builtins.Array.at
        typeof Object.hasOwn === 'function' && // bcd: javascript.builtins.Object.hasOwn
        typeof w.structuredClone === 'function' && // bcd: api.structuredClone
        typeof w.HTMLDialogElement === 'function' && // bcd: api.HTMLDialogElement
        'showModal' in w.HTMLDialogElement.prototype && // bcd: api.HTMLDialogElement.showModal
        // bcd: javascript.regular_expressions.named_capturing_group
        // bcd: javascript.regular_expressions.unicode_character_class_escape
        // bcd: javascript.builtins.RegExp.dotAll
        new RegExp('^(?<letter>\\p{L}).$', 'su').test('é\n')
      )
    } catch (_) {
      return false
    }
  }
  /* eslint-enable es-x/no-array-prototype-at, es-x/no-object-hasown, es-x/no-regexp-named-capture-groups, es-x/no-regexp-unicode-property-escapes, es-x/no-regexp-s-flag, es-x/no-regexp-u-flag */

  /** What to update on this phone, from its user agent; null when it is not known. */
  function advice() {
    var ua = navigator.userAgent
    if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1))
      return (
        'Atualize o iOS para ' +
        floor.ios +
        ' ou mais recente: Ajustes › Geral › Atualização de Software. Um iPhone que não ' +
        'oferece essa versão (o iPhone 6 e os anteriores) não recebe mais atualizações: use ' +
        'outro aparelho.'
      )
    if (/SamsungBrowser\//.test(ua))
      return (
        'Atualize o Samsung Internet para a versão ' +
        floor.samsung +
        ' ou mais recente, na Galaxy Store ou na Play Store.'
      )
    if (/Firefox\//.test(ua))
      return 'Atualize o Firefox para a versão ' + floor.firefox + ' ou mais recente.'
    if (/; wv\)/.test(ua))
      return (
        'Abra este endereço no Google Chrome, ou atualize o Android System WebView na Play ' +
        'Store (versão ' +
        floor.chrome +
        ' ou mais recente).'
      )
    if (/Edg\//.test(ua))
      return 'Atualize o Microsoft Edge para a versão ' + floor.edge + ' ou mais recente.'
    if (/Chrome\/|Chromium\//.test(ua))
      return (
        'Atualize o Google Chrome para a versão ' +
        floor.chrome +
        ' ou mais recente: na Play Store, procure Chrome e toque em Atualizar.'
      )
    if (/Macintosh/.test(ua) && /Safari\//.test(ua))
      return 'Atualize o Safari para a versão ' + floor.safari + ' ou mais recente.'
    return null
  }

  function element(tag, css, text) {
    var node = d.createElement(tag)
    // Through the CSSOM: the Content-Security-Policy refuses style attributes in HTML.
    node.style.cssText = css
    if (text) node.appendChild(d.createTextNode(text))
    return node
  }

  /** The page that says this browser cannot start the app, in place of the document's. */
  function show() {
    if (shown) return
    shown = true
    // The document's own stylesheets style a screen that is not there.
    for (var i = 0; i < d.styleSheets.length; i++) d.styleSheets[i].disabled = true
    var body = d.body
    if (!body) body = d.documentElement.appendChild(d.createElement('body'))
    while (body.firstChild) body.removeChild(body.firstChild)
    body.style.cssText =
      'margin:0;background:#fff;color:#1f2937;font-family:system-ui,-apple-system,' +
      '"Segoe UI",Roboto,sans-serif;font-size:1.125rem;line-height:1.5'
    // Side padding in px: with the phone's text at 200 %, rem would leave a word no room.
    var main = element('main', 'max-width:36rem;margin:0 auto;padding:1.5rem 16px')
    var text = 'margin:0 0 1rem;overflow-wrap:break-word'
    main.appendChild(
      element(
        'h1',
        // Smaller than 1.5rem on a narrow screen with large text, where a word would not fit
        // (min() where the browser has it).
        'font-size:1.5rem;font-size:min(1.5rem,1.125rem + 2vw);line-height:1.25;margin:0 0 1rem;' +
          'overflow-wrap:break-word',
        'Atualize o navegador para abrir o Avaliador'
      )
    )
    main.appendChild(
      element('p', text, 'Este navegador é antigo demais: o Avaliador não consegue abrir nele.')
    )
    var what = advice()
    if (what) main.appendChild(element('p', text + ';font-weight:600', what))
    main.appendChild(
      element(
        'p',
        text,
        'O Avaliador funciona no iPhone com iOS ' +
          floor.ios +
          ' ou mais recente e, no Android, no Chrome ' +
          floor.chrome +
          ', no Samsung Internet ' +
          floor.samsung +
          ' ou no Firefox ' +
          floor.firefox +
          ', ou em versões mais recentes.'
      )
    )
    var again = element(
      'a',
      'color:#1d4ed8;display:inline-block;min-height:44px;padding:0.5rem 0',
      'Abrir de novo depois de atualizar'
    )
    again.setAttribute('href', location.href)
    main.appendChild(again)
    body.appendChild(main)
    d.title = 'Atualize o navegador · Avaliador'
    d.documentElement.setAttribute('data-below-floor', '')
  }

  if (!canStart()) {
    // The document ends here: its modules, which run once it is parsed, never do.
    if (w.stop) w.stop()
    show()
    return
  }

  w.__avaliadorFloor = {
    started: function () {
      started = true
    },
    cannotStart: function () {
      if (!started) show()
    },
  }
  w.addEventListener('error', function (event) {
    var error = event.error
    var syntax = (error && error.name === 'SyntaxError') || /SyntaxError/.test(event.message)
    var ours = !event.filename || event.filename.indexOf(location.origin + '/') === 0
    if (syntax && ours && !started) show()
  })
})()
