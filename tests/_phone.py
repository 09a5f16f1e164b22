"""What a phone asks of a page, measured in the browser: nothing wider than the window (no sideways
scrolling, nothing off the side of the page or cut at the side by a box that hides what sticks out), and
every touch target (a button, a link that is not a few words in a sentence, a text box, a menu, a box
to tick with its label) at least 44 px by 44 px. Used by the browser tests of the Voila chapters, the
app, the book and the live edition (tests/test_browser_phone*.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The least width and height of a touch target, in CSS pixels (Apple's and WCAG 2.5.5's 44 px).
TOUCH = 44
#: A phone's window: an iPhone 14's 390 × 844 CSS pixels.
PHONE = {"width": 390, "height": 844}

#: Targets laid over each other on purpose: the card table's hand, fanned (the part of each card that
#: shows is measured by the card table's own test, tests/test_browser_phone.py).
FANNED = ".ct-hand-card"

#: The measure, run in the page: ``{sideways, outside, small}``. ``outside``: what a reader loses at
#: the side, each element named once, by its outermost element that sticks out or is cut (not each of
#: its children). ``small``: each touch target under :data:`TOUCH` px, with its size. A box to tick is
#: measured with its label (the label is what a finger presses); a link among the words of a sentence
#: (inline, in a block with more words than its own: a glossary word's button in a hint too) is not
#: a target by itself (WCAG's inline exception). Elements the page hides (no size, 1 px wide: a label kept for screen
#: readers) are left out, as are the parts of ``skip`` (a CSS selector: what the page does not own). A
#: button whose words are cut (drawn with an ellipsis) and two targets drawn over each other count as
#: ``small`` too.
MEASURE = """([touch, skip, fanned, within]) => {
  const W = document.documentElement.clientWidth;
  const mine = (el) => !(skip && el.closest(skip));
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.bottom <= 0) return false;  // none, or above the page (until focused)
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'contents' && Number(s.opacity) !== 0;
  };
  const name = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\\s+/g, ' ');
    return `${el.tagName.toLowerCase()}${el.classList.length ? '.' + [...el.classList].slice(0, 3).join('.') : ''}`
      + ` "${text.slice(0, 40)}"`;
  };
  const clipper = (el) => {
    // the nearest ancestor that hides (or scrolls) what sticks out at its sides, if it cuts el
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) return a;
    }
    return null;
  };
  const lost = new Set();
  const cutBy = new Map();
  const offPage = [];
  const outside = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!mine(el) || !shown(el)) continue;
    let parent = el.parentElement;
    while (parent && !lost.has(parent)) parent = parent.parentElement;
    if (parent) { lost.add(el); continue; }  // its outermost lost ancestor is named already
    const r = el.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1) {
      lost.add(el);
      if (!clipper(el)) offPage.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)} px of ${W}`);
      else outside.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)} px of ${W}, in a box that cuts it`);
      continue;
    }
    const cut = clipper(el);
    if (cut) {
      lost.add(el);
      if (!cutBy.has(cut)) cutBy.set(cut, []);
      cutBy.get(cut).push(el);
    }
  }
  for (const [box, cut] of cutBy) {
    const widest = Math.max(...cut.map(e => e.getBoundingClientRect().right));
    outside.push(`${name(box)} (${Math.round(box.getBoundingClientRect().right)} px) cuts ${cut.length} element(s) `
      + `reaching ${Math.round(widest)} px, the first ${name(cut[0])}`);
  }
  const inSentence = (el) => {
    // a link or a word's button among the words of a sentence: inline, in a block with more words
    if (!['inline', 'inline-block'].includes(getComputedStyle(el).display)) return false;
    if (el.closest('nav, [role=navigation], [role=toolbar], [role=menu], [role=menubar]')) return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    if (!block) return false;
    return block.textContent.trim().length > el.textContent.trim().length + 20;
  };
  const small = [];
  const placed = [];
  const targets = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]';
  for (let el of document.body.querySelectorAll(targets)) {
    if (!mine(el) || (within && !el.closest(within))) continue;
    if (['A', 'BUTTON'].includes(el.tagName) && inSentence(el)) continue;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type)) {
      const label = el.closest('label') || (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`));
      if (label) el = label;
    }
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < touch - 0.5 || r.height < touch - 0.5) small.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) small.push(`${name(el)} cut to ${el.clientWidth} of ${el.scrollWidth} px`);
    if (!el.matches(fanned)) placed.push([el, r]);
  }
  // two targets over each other (a box drawn over its neighbour's label): a finger cannot tell them apart
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, p] = placed[i], [b, q] = placed[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 2 && h > 2) small.push(`${name(a)} and ${name(b)} over each other`);
    }
  }
  return {sideways: document.documentElement.scrollWidth - W, offPage, outside, small: [...new Set(small)]};
}"""


@dataclass
class Fit:
    """How a page fits a phone: :data:`MEASURE`'s answer. ``off_page``: what sticks out of the window;
    ``outside``: what a box of the page cuts or scrolls sideways (code in its box, a wide table)."""

    sideways: int
    off_page: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    small: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Everything a phone asks: nothing sideways, nothing cut, every target 44 px."""
        cut = [f"cut: {what}" for what in self.outside]
        return [*self.window_problems(), *cut, *(f"under 44 px: {what}" for what in self.small)]

    def window_problems(self) -> list[str]:
        """What a laptop's window asks: the page does not scroll sideways and nothing sticks out of the
        window (a box of code or a wide table may scroll in its box there, as wide pages do)."""
        found = [f"the page scrolls {self.sideways} px sideways"] if self.sideways > 0 else []
        return found + [f"off the page: {what}" for what in self.off_page]


def measure(page: Any, skip: str = "", within: str = "") -> Fit:
    """Measure the page open in ``page`` (a Playwright page) as it is drawn now; ``skip``: a CSS selector
    of the parts left out; ``within``: where the touch targets are measured, when only part of the page
    is the project's (the live edition's chapter, not JupyterLab's menus and toolbars around it)."""
    found = page.evaluate(MEASURE, [TOUCH, skip, FANNED, within])
    return Fit(int(found["sideways"]), list(found["offPage"]), list(found["outside"]), list(found["small"]))


def screenshot_whole(page: Any, path: str, scroller: str = "#rendered_cells") -> None:
    """A screenshot of the whole page, its scrolling box (Voila's ``#rendered_cells``) drawn whole: the
    window is made as tall as the page for the picture (its width, and so its layout, kept)."""
    size = page.viewport_size
    tall = page.evaluate(
        "(selector) => Math.max(document.documentElement.scrollHeight,"
        " ...[...document.querySelectorAll(selector)].map(e => e.scrollHeight + e.getBoundingClientRect().top))",
        scroller,
    )
    page.set_viewport_size({"width": size["width"], "height": min(int(tall) + 20, 20000)})
    try:
        page.wait_for_function(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
        )
        page.screenshot(path=path, full_page=True)
    finally:
        page.set_viewport_size(size)
