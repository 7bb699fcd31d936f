/**
 * A full load of an address of the app: a new document. What WebKit needs to ask again for
 * the location after a refusal — it answers every later request of the same page with the
 * first refusal, without asking ("the permission state can not change again in the lifetime
 * of this page", WebCore's Geolocation). An object, so tests can replace it (jsdom does not
 * navigate).
 */
export const documentNavigation = {
  assign(url: string) {
    window.location.assign(url)
  },
}

/** The query parameter that makes the location's screens ask as soon as they open. */
export const ASK_LOCATION_PARAM = 'localizacao'
