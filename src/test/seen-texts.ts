/**
 * What the agent saw, moment by moment: every text an element had on the screen, in order.
 *
 * A test that waits for "A or B" and then asserts A passes only when A came first (a warm
 * machine); one that waits for A says nothing about a wrong B shown before it. To assert that a
 * screen never says something before it knows, record what it said at each commit:
 *
 *   const seen = seenTexts(() => document.querySelector('a[href$="/report/awards"]'))
 *   … open the screen, wait for the final state …
 *   expect(seen.texts()).not.toContainEqual(expect.stringContaining('Completo'))
 *
 * A MutationObserver on the document reads the element after every change React commits (its
 * callback runs before the browser could paint), so no state the agent could have seen is
 * missed, however fast it was replaced. `find` must be cheap (a selector, not a role query):
 * it runs after every mutation.
 */
export function seenTexts(find: () => Element | null | undefined) {
  const texts: string[] = []
  const read = () => {
    const text = find()?.textContent ?? undefined
    if (text !== undefined && text !== texts.at(-1)) texts.push(text)
  }
  const observer = new MutationObserver(read)
  observer.observe(document, { subtree: true, childList: true, characterData: true })
  read()
  return {
    /** The element's texts so far, each change once, in the order shown. */
    texts() {
      read()
      return [...texts]
    },
    stop: () => observer.disconnect(),
  }
}
