"""What a phone user can reach: a control is on screen when it lies inside the viewport's width
(nothing to scroll sideways to, no table cut off at the right edge)."""

from playwright.sync_api import Locator, Page


def assert_on_screen(page: Page, control: Locator) -> None:
    """The control is visible and lies within the screen's width."""
    control.wait_for(state="visible")
    box = control.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (
        control,
        box,
        width,
    )


def assert_all_on_screen(page: Page, controls: Locator) -> None:
    """Every visible control matched lies within the screen's width."""
    count = controls.count()
    assert count, controls
    for index in range(count):
        control = controls.nth(index)
        if control.is_visible():
            assert_on_screen(page, control)


def assert_no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
