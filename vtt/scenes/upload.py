"""An uploaded background checked before it is kept: its size, and that Pillow reads it as a
PNG, JPEG or WebP image of sensible dimensions (the name and type the browser sent are not
trusted)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

# Pillow's format name -> the file's suffix and the type it is served as.
FORMATS: dict[str, tuple[str, str]] = {
    "PNG": ("png", "image/png"),
    "JPEG": ("jpg", "image/jpeg"),
    "WEBP": ("webp", "image/webp"),
}
MAX_SIDE = 10_000  # pixels a side: a map larger than this is no map a browser can draw
# Pixels in all: each member's browser holds the decoded image (4 bytes a pixel), and a PNG of
# one colour is a few hundred kilobytes at 10,000 x 10,000 (a "decompression bomb").
MAX_PIXELS = 50_000_000


@dataclass(frozen=True)
class Checked:
    """What the upload turned out to be."""

    suffix: str
    content_type: str
    width: int
    height: int


class Refused(ValueError):
    """The upload is not kept; the message says why in the reader's language."""


def check(upload: UploadedFile[bytes] | None) -> Checked:
    """The upload's format and size, or Refused with the reason."""
    if upload is None:
        raise Refused(_("Choose an image file to upload."))
    cap = int(settings.VTT_SCENE_IMAGE_MAX_BYTES)
    if upload.size is None or upload.size > cap:
        raise Refused(
            _("The image is larger than %(mb)s MB; make it smaller and try again.")
            % {"mb": f"{cap / 1_048_576:g}"}
        )
    try:
        upload.seek(0)
        with warnings.catch_warnings():
            # Pillow warns of a bomb from the header alone: refused below, never decoded
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(upload) as image:
                found = image.format or ""
                width, height = image.size
                image.verify()  # the whole file is read: a truncated or broken one fails here
    except Image.DecompressionBombError:
        raise Refused(_("The image has too many pixels to be a map background.")) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise Refused(_("This file is not an image we can read (PNG, JPEG or WebP).")) from None
    finally:
        upload.seek(0)
    if found not in FORMATS:
        raise Refused(_("Only PNG, JPEG and WebP images can be map backgrounds."))
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise Refused(
            _("The image is %(w)s × %(h)s pixels; a side may be at most %(max)s.")
            % {"w": width, "h": height, "max": MAX_SIDE}
        )
    if width * height > MAX_PIXELS:
        raise Refused(
            _("The image is %(w)s × %(h)s pixels; a background may have at most %(most)s million.")
            % {"w": width, "h": height, "most": MAX_PIXELS // 1_000_000}
        )
    suffix, content_type = FORMATS[found]
    return Checked(suffix, content_type, width, height)
