"""The app's source assets — the paper's example deals, the icon as SVG and PNGs — kept at the
top of the repository and installed as the package ``whistgui.assets`` (pyproject.toml maps
it), so that :mod:`whistgui.resources` finds them the same way in the source tree, an editable
install, a wheel and the PyInstaller bundle. No code: this file only makes the folder a
package."""
