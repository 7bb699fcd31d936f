#!/usr/bin/python3
"""
A WebKitGTK browser for the cross-engine tests that behaves like an app installed on a phone:
one window of 360×740, a saved profile (IndexedDB, localStorage, the service worker and the
HTTP cache live in --data-dir and --cache-dir and survive a restart), and WebKit's
back/forward cache on. MiniBrowser cannot be used: in automation mode it always takes a
throwaway (ephemeral) profile.

With --ephemeral it takes such a throwaway profile on purpose, like a private tab in Safari:
WebsiteDataManager.new_ephemeral() keeps everything in memory and drops it when the host
quits (--data-dir and --cache-dir are then not used). WebKitGTK 2.50 writes no console line
for a page of an ephemeral session, so there a user script reports the page's console.error and
console.warn, its uncaught errors and rejections, CSP violations and resources that failed
to load, and this process writes them to its stderr in the web process's own form
("CONSOLE ERROR …"). The browser's own messages (an unused preload, a network failure
without an element) are not seen that way.

WebKitWebDriver drives it with `--target`: this process listens for the driver on the
inspector address in WEBKIT_INSPECTOR_SERVER (set by the test) and hands it this window's
view when a session starts.

Geolocation is answered by the test through a small control server on --control-port:
  POST /geolocation {"latitude", "longitude", "accuracy"}   the position the device reports
  POST /permission  {"geolocation": "allow" | "deny"}         how the next prompt is answered
  GET  /permission                                            the prompts shown so far
  POST /quit                                                  closes the browser in order
Like Safari set to "Ask", the Permissions API says "prompt" until a prompt was answered.

Run by e2e/engines/webkit.ts under Xvfb; needs Debian's gir1.2-webkit2-4.1 and python3-gi.
"""
import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--data-dir")
parser.add_argument("--cache-dir")
parser.add_argument("--ephemeral", action="store_true")
parser.add_argument("--control-port", type=int, required=True)
parser.add_argument("--language", default="pt-BR")
parser.add_argument("--width", type=int, default=360)
parser.add_argument("--height", type=int, default=740)
options, _ = parser.parse_known_args()
if not options.ephemeral and not (options.data_dir and options.cache_dir):
    parser.error("--data-dir and --cache-dir are needed without --ephemeral")

state = {
    "position": None,  # (latitude, longitude, accuracy)
    "answer": "allow",
    "prompts": [],  # each answer given, in order
    "asked": False,
}

if options.ephemeral:
    manager = WebKit2.WebsiteDataManager.new_ephemeral()
else:
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=options.data_dir, base_cache_directory=options.cache_dir
    )
manager.set_itp_enabled(False)
context = WebKit2.WebContext(website_data_manager=manager)
# The back/forward cache holds pages only with the web-browser cache model.
context.set_cache_model(WebKit2.CacheModel.WEB_BROWSER)
context.set_automation_allowed(True)
context.set_preferred_languages([options.language])

settings = WebKit2.Settings()
settings.set_enable_page_cache(True)
settings.set_enable_write_console_messages_to_stdout(True)
settings.set_enable_developer_extras(True)

geolocation = context.get_geolocation_manager()
watching = {"on": False}


def report_position():
    if not watching["on"]:
        return False
    if state["position"] is None:
        geolocation.failed("Sem posição")
        return False
    lat, lng, accuracy = state["position"]
    geolocation.update_position(WebKit2.GeolocationPosition.new(lat, lng, accuracy))
    return False


def on_geolocation_start(_manager):
    watching["on"] = True
    GLib.idle_add(report_position)
    return True


def on_geolocation_stop(_manager):
    watching["on"] = False


geolocation.connect("start", on_geolocation_start)
geolocation.connect("stop", on_geolocation_stop)

window = Gtk.Window()
window.set_default_size(options.width, options.height)
# What a page of an ephemeral session logs, reported by the page itself (see above).
PAGE_CONSOLE = """
(() => {
  const handler = window.webkit && window.webkit.messageHandlers.hostConsole
  if (!handler) return
  const post = (level, text) => {
    try {
      handler.postMessage(JSON.stringify({ level, text }))
    } catch {}
  }
  const show = (value) => {
    if (value instanceof Error) return String(value)
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value)
      } catch {}
    }
    return String(value)
  }
  for (const level of ['error', 'warn']) {
    const original = console[level]
    console[level] = function (...args) {
      post(level, args.map(show).join(' '))
      return original.apply(this, args)
    }
  }
  addEventListener('error', (event) => {
    if (event instanceof ErrorEvent)
      post('error', `${event.filename}:${event.lineno}:${event.colno}: ${show(event.error || event.message)}`)
    else if (event.target && event.target !== window)
      post('error', `Failed to load resource: ${event.target.currentSrc || event.target.src || event.target.href || event.target.tagName}`)
  }, true)
  addEventListener('unhandledrejection', (event) =>
    post('error', `Unhandled Promise Rejection: ${show(event.reason)}`))
  addEventListener('securitypolicyviolation', (event) =>
    post('error', `Refused by ${event.effectiveDirective}: ${event.blockedURI}`), true)
})()
"""


def on_page_console(_manager, result):
    message = json.loads(result.get_js_value().to_string())
    level = "ERROR" if message["level"] == "error" else "WARN"
    sys.stderr.write(f"CONSOLE {level} (reported by the page) {message['text']}\n")
    sys.stderr.flush()


view_options = {}
if options.ephemeral:
    content = WebKit2.UserContentManager()
    content.add_script(
        WebKit2.UserScript.new(
            PAGE_CONSOLE,
            WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START,
            None,
            None,
        )
    )
    content.connect("script-message-received::hostConsole", on_page_console)
    content.register_script_message_handler("hostConsole")
    view_options["user_content_manager"] = content

view = WebKit2.WebView(
    web_context=context, settings=settings, is_controlled_by_automation=True, **view_options
)
window.add(view)


def on_permission_request(_view, request):
    if isinstance(request, WebKit2.GeolocationPermissionRequest):
        answer = state["answer"]
        state["prompts"].append(answer)
        state["asked"] = True
        if answer == "allow":
            request.allow()
        else:
            request.deny()
        return True
    request.deny()
    return True


def on_query_permission_state(_view, query):
    if query.get_name() == "geolocation":
        query.finish(WebKit2.PermissionState.PROMPT)
        return True
    return False


view.connect("permission-request", on_permission_request)
view.connect("query-permission-state", on_query_permission_state)


def on_automation_started(_context, session):
    info = WebKit2.ApplicationInfo.new()
    info.set_version(
        WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
    )
    session.set_application_info(info)
    session.connect("create-web-view", lambda _session: view)


context.connect("automation-started", on_automation_started)
window.connect("destroy", lambda _w: Gtk.main_quit())
window.show_all()
view.load_uri("about:blank")


class Control(BaseHTTPRequestHandler):
    def log_message(self, *_args):
        pass

    def answer(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/permission":
            return self.answer({"prompts": state["prompts"]})
        self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/geolocation":
            state["position"] = (body["latitude"], body["longitude"], body.get("accuracy", 20))
            GLib.idle_add(report_position)
        elif self.path == "/permission":
            state["answer"] = body["geolocation"]
        elif self.path == "/quit":
            GLib.idle_add(window.destroy)
        else:
            return self.send_error(404)
        self.answer({"ok": True})


server = ThreadingHTTPServer(("127.0.0.1", options.control_port), Control)
threading.Thread(target=server.serve_forever, daemon=True).start()
profile = "ephemeral" if context.is_ephemeral() else "saved"
print(f"webkit-host ready on control port {options.control_port}, {profile} profile", flush=True)
Gtk.main()
server.shutdown()
sys.exit(0)
