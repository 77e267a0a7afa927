"""The one build step pyproject.toml cannot say: files kept outside core/ that the wheel carries
inside it, so an author with only the wheel can read them. ``meeplehall startgame`` points to the
guide (docs/plugins.md) and gives a copy of the finished example game (plugins/tictactoe, with
``--example tictactoe``). Everything else is configured in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: Where each file or folder of the checkout goes in the wheel.
SHIPPED = {
    "docs/plugins.md": "core/docs/plugins.md",
    "plugins/tictactoe": "core/examples/tictactoe",
}
#: What a checkout holds beside the sources (installs, caches, builds), never shipped.
LEFT_OUT = ("__pycache__", "build", "dist")


def files_of(source: Path) -> list[Path]:
    if source.is_file():
        return [source]
    return sorted(path for path in source.rglob("*") if path.is_file()
                  and not any(part in LEFT_OUT or part.endswith(".egg-info")
                              for part in path.relative_to(source).parts)
                  and path.suffix != ".pyc")


class BuildWithGuide(build_py):
    """build_py, then the guide and the example copied into the build (an editable install reads
    them from the checkout instead, where they are)."""

    def run(self):
        super().run()
        if self.editable_mode:
            return
        for source, target in SHIPPED.items():
            for path in files_of(Path(source)):
                into = Path(self.build_lib, target, path.relative_to(source))
                self.mkpath(str(into.parent))
                self.copy_file(str(path), str(into))


setup(cmdclass={"build_py": BuildWithGuide})
