"""Payload checks Discord applies, answered with 400 errors (50035, 50006) or 413 (40005)."""

from __future__ import annotations

from typing import Any

from .errors import EMPTY_MESSAGE, REQUEST_TOO_LARGE, ApiError, FormErrors
from .httpio import Upload
from .models import COMPONENTS_V2

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_REQUEST_BYTES = 25 * 1024 * 1024

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_STYLE = 5
PREMIUM_STYLE = 6
TEXT_INPUT_MAX = 4000

Path = tuple[str | int, ...]


def _length(errs: FormErrors, path: Path, value: Any, low: int, high: int) -> None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        errs.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _max_items(errs: FormErrors, path: Path, items: list[Any], high: int) -> None:
    if len(items) > high:
        errs.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")


def validate_message(payload: dict[str, Any], uploads: list[Upload], *, creating: bool) -> None:
    """Validate a create/edit message body the way Discord does."""
    total = sum(len(u.data) for u in uploads)
    if any(len(u.data) > MAX_FILE_BYTES for u in uploads) or total > MAX_REQUEST_BYTES:
        raise ApiError(413, REQUEST_TOO_LARGE)
    errs = FormErrors()
    content = payload.get("content")
    if content is not None and len(str(content)) > 2000:
        errs.add(("content",), "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    embeds = payload.get("embeds") or []
    _max_items(errs, ("embeds",), embeds, 10)
    for index, embed in enumerate(embeds):
        _validate_embed(errs, ("embeds", index), embed)
    components = payload.get("components") or []
    if int(payload.get("flags") or 0) & COMPONENTS_V2:
        _validate_v2(errs, components)
    else:
        validate_action_rows(errs, ("components",), components)
    errs.raise_if_any()
    has_files = bool(uploads) or bool(payload.get("attachments"))
    if creating and not (
        content or embeds or components or has_files or payload.get("sticker_ids")
    ):
        raise ApiError(400, EMPTY_MESSAGE)


def _validate_embed(errs: FormErrors, path: Path, embed: dict[str, Any]) -> None:
    limits = {"title": 256, "description": 4096}
    total = 0
    for key, high in limits.items():
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > high:
            errs.add((*path, key), "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
    fields = embed.get("fields") or []
    _max_items(errs, (*path, "fields"), fields, 25)
    for index, item in enumerate(fields):
        for key, high in (("name", 256), ("value", 1024)):
            _length(errs, (*path, "fields", index, key), item.get(key, ""), 1, high)
            total += len(item.get(key) or "")
    for key, sub, high in (("footer", "text", 2048), ("author", "name", 256)):
        text = (embed.get(key) or {}).get(sub) or ""
        total += len(text)
        if len(text) > high:
            errs.add(
                (*path, key, sub), "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length."
            )
    if total > 6000:
        errs.add(path, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def validate_action_rows(
    errs: FormErrors, path: Path, rows: list[dict[str, Any]], *, modal: bool = False
) -> None:
    """Classic layout: at most 5 rows of up to 5 buttons or exactly one select."""
    _max_items(errs, path, rows, 5)
    seen: set[str] = set()
    for r, row in enumerate(rows):
        _validate_row(errs, (*path, r), row, seen, modal=modal)


def _validate_row(
    errs: FormErrors, path: Path, row: dict[str, Any], seen: set[str], *, modal: bool
) -> None:
    if row.get("type") != 1:
        errs.add((*path, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be 1.')
        return
    children = row.get("components") or []
    if not children:
        errs.add((*path, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    types = {c.get("type") for c in children}
    if types & set(SELECT_TYPES) and len(children) > 1:
        errs.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    _max_items(errs, (*path, "components"), children, 5)
    for c, child in enumerate(children):
        child_path = (*path, "components", c)
        _validate_component(errs, child_path, child, modal=modal)
        custom_id = child.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                errs.add(
                    (*child_path, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)


def _validate_component(errs: FormErrors, path: Path, comp: dict[str, Any], *, modal: bool) -> None:
    kind = comp.get("type")
    if kind == BUTTON and not modal:
        _validate_button(errs, path, comp)
    elif kind in SELECT_TYPES:
        _validate_select(errs, path, comp)
    elif kind == TEXT_INPUT and modal:
        _length(errs, (*path, "custom_id"), comp.get("custom_id"), 1, 100)
        if "label" in comp:
            _length(errs, (*path, "label"), comp.get("label"), 1, 45)
        _validate_text_input(errs, path, comp)
    else:
        errs.add(
            (*path, "type"), "UNION_TYPE_CHOICES", f"Component type {kind} is not allowed here."
        )


def _validate_text_input(errs: FormErrors, path: Path, field: dict[str, Any]) -> None:
    """Style 1 (short) or 2 (paragraph); min_length 0-4000, max_length 1-4000, min <= max;
    a pre-filled value within them; a placeholder of at most 100 characters."""
    if field.get("style") not in (1, 2):
        errs.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
    low, high = field.get("min_length", 0), field.get("max_length", TEXT_INPUT_MAX)
    if not 0 <= low <= TEXT_INPUT_MAX:
        errs.add((*path, "min_length"), "NUMBER_TYPE_MAX", "min_length must be 0-4000.")
    if not 1 <= high <= TEXT_INPUT_MAX or low > high:
        errs.add((*path, "max_length"), "NUMBER_TYPE_MAX", "max_length must be 1-4000, >= min.")
    value = field.get("value")
    if value is not None and (not isinstance(value, str) or len(value) > high):
        errs.add((*path, "value"), "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
    placeholder = field.get("placeholder")
    if placeholder is not None and len(placeholder) > 100:
        errs.add((*path, "placeholder"), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")


def _validate_button(errs: FormErrors, path: Path, button: dict[str, Any]) -> None:
    style = button.get("style")
    if style == LINK_STYLE:
        if not button.get("url") or "custom_id" in button:
            errs.add(
                (*path, "url"), "BUTTON_COMPONENT_URL_REQUIRED", "A link button needs a url only."
            )
    elif style != PREMIUM_STYLE:
        _length(errs, (*path, "custom_id"), button.get("custom_id"), 1, 100)
    label = button.get("label")
    if label is not None and len(label) > 80:
        errs.add((*path, "label"), "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
    if style != PREMIUM_STYLE and not label and not button.get("emoji"):
        errs.add(
            (*path, "label"),
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A button needs a label or an emoji.",
        )


def _validate_select(errs: FormErrors, path: Path, select: dict[str, Any]) -> None:
    _length(errs, (*path, "custom_id"), select.get("custom_id"), 1, 100)
    placeholder = select.get("placeholder")
    if placeholder is not None and len(placeholder) > 150:
        errs.add((*path, "placeholder"), "BASE_TYPE_MAX_LENGTH", "Must be 150 or fewer in length.")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        errs.add((*path, "max_values"), "BASE_TYPE_BAD_INT", "min/max values must be within 0-25.")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        errs.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    if high > len(options):
        errs.add(
            (*path, "max_values"),
            "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
            "max_values must be less than or equal to the number of options",
        )
    values: set[str] = set()
    for o, option in enumerate(options):
        _length(errs, (*path, "options", o, "label"), option.get("label"), 1, 100)
        _length(errs, (*path, "options", o, "value"), option.get("value"), 1, 100)
        description = option.get("description")
        if description is not None and len(description) > 100:
            errs.add(
                (*path, "options", o, "description"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            )
        if option.get("value") in values:
            errs.add(
                (*path, "options", o, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select option values must be unique",
            )
        values.add(option.get("value"))


def _validate_v2(errs: FormErrors, components: list[dict[str, Any]]) -> None:
    # Components v2 is only checked loosely: the total count and every custom_id.
    count = 0

    def walk(path: Path, items: list[dict[str, Any]]) -> None:
        nonlocal count
        for i, item in enumerate(items):
            count += 1
            if "custom_id" in item:
                _length(errs, (*path, i, "custom_id"), item["custom_id"], 1, 100)
            for key in ("components", "items"):
                if isinstance(item.get(key), list):
                    walk((*path, i, key), item[key])
            if isinstance(item.get("accessory"), dict):
                walk((*path, i, "accessory"), [item["accessory"]])

    walk(("components",), components)
    if count > 40:
        errs.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in length.")


def validate_modal(data: dict[str, Any]) -> None:
    """Validate the data of a type-9 (modal) callback."""
    errs = FormErrors()
    _length(errs, ("data", "custom_id"), data.get("custom_id"), 1, 100)
    _length(errs, ("data", "title"), data.get("title"), 1, 45)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        errs.add(
            ("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
    seen: set[str] = set()
    for r, row in enumerate(rows):
        path: Path = ("data", "components", r)
        if row.get("type") == 1:
            if len(row.get("components") or []) != 1:
                errs.add((*path, "components"), "BASE_TYPE_BAD_LENGTH",
                         "A modal action row holds exactly one text input.")
            elif "label" not in row["components"][0]:
                errs.add((*path, "components", 0, "label"), "BASE_TYPE_REQUIRED",
                         "This field is required")
            _validate_row(errs, path, row, seen, modal=True)
        elif row.get("type") == 18 and isinstance(row.get("component"), dict):
            _validate_component(errs, (*path, "component"), row["component"], modal=True)
        else:
            errs.add((*path, "type"), "UNION_TYPE_CHOICES", "Invalid modal component.")
    errs.raise_if_any()


def validate_autocomplete(data: dict[str, Any]) -> None:
    """Validate the data of a type-8 (autocomplete result) callback."""
    errs = FormErrors()
    choices = data.get("choices")
    if not isinstance(choices, list):
        errs.add(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        errs.raise_if_any()
        return
    _max_items(errs, ("data", "choices"), choices, 25)
    for index, choice in enumerate(choices):
        path: Path = ("data", "choices", index)
        if not isinstance(choice, dict):
            errs.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        _length(errs, (*path, "name"), choice.get("name"), 1, 100)
        value = choice.get("value")
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            errs.add((*path, "value"), "BASE_TYPE_REQUIRED", "Must be a string or a number.")
        elif isinstance(value, str) and len(value) > 100:
            errs.add((*path, "value"), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    errs.raise_if_any()
