#!/usr/bin/env python3
"""The public API of each product module, one declaration a line, from SwiftPM's symbol graphs.

    scripts/api-listing.py <symbolgraph folder> <api folder> [--update]

Compares (or with --update rewrites) <api folder>/<Module>.txt for every module below and
lists public declarations that have no `///` summary. Exit 1 on any difference or any
undocumented declaration. Used by scripts/check-api.
"""
import glob
import json
import os
import sys

# The modules a dependent can import: the library products and what PosterKit re-exports.
MODULES = ["NMTIDomain", "ThemeFormat", "PosterDisplay", "PosterLinks", "PosterKit", "PosterBatch", "PosterGolden", "PosterCLI"]
OPTIONAL = ["PosterServer"]  # listed once the module exists


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def listing(folder, module):
    """(sorted lines, undocumented lines) of one module, extensions of other modules' types included."""
    lines, undocumented = set(), set()
    for path in glob.glob(os.path.join(folder, "*.symbols.json")):
        name = os.path.basename(path)[: -len(".symbols.json")]
        if name.split("@")[0] != module:
            continue
        graph = json.load(open(path, encoding="utf-8"))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            where = symbol.get("swiftGenerics", {}).get("constraints", [])
            extension = symbol.get("swiftExtension", {})
            constraints = extension.get("constraints", []) if extension else []
            owner = ".".join(symbol["pathComponents"])
            line = f'{symbol["kind"]["identifier"].removeprefix("swift.")} {owner}: {declaration(symbol)}'
            if constraints and not where:
                line += " (in extension where " + ", ".join(
                    f'{c["lhs"]} {":" if c["kind"] == "conformance" else "=="} {c["rhs"]}' for c in constraints) + ")"
            lines.add(line)
            # Implementations of a protocol's requirement carry that protocol's documentation.
            if "docComment" not in symbol and "sourceOrigin" not in symbol:
                location = symbol.get("location", {})
                where_text = location.get("uri", "").replace("file://", "")
                if where_text:
                    where_text = os.path.relpath(where_text) + ":" + str(location["position"]["line"] + 1)
                undocumented.add(f"{where_text}: {line}")
    return sorted(lines), sorted(undocumented)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    folder, api, update = sys.argv[1], sys.argv[2], "--update" in sys.argv[3:]
    failed = False
    present = [m for m in MODULES + OPTIONAL if glob.glob(os.path.join(folder, f"{m}.symbols.json"))]
    for module in MODULES:
        if module not in present:
            print(f"check-api: no symbol graph for {module} in {folder}", file=sys.stderr)
            return 1
    for module in present:
        lines, undocumented = listing(folder, module)
        text = "".join(line + "\n" for line in lines)
        target = os.path.join(api, f"{module}.txt")
        old = open(target, encoding="utf-8").read() if os.path.exists(target) else None
        if update:
            if old != text:
                with open(target, "w", encoding="utf-8") as file:
                    file.write(text)
                print(f"check-api: wrote {target} ({len(lines)} declarations)")
        elif old != text:
            failed = True
            before = set(old.splitlines()) if old is not None else set()
            after = set(lines)
            print(f"check-api: the public API of {module} differs from {target}:", file=sys.stderr)
            for line in sorted(before - after):
                print(f"  - {line}", file=sys.stderr)
            for line in sorted(after - before):
                print(f"  + {line}", file=sys.stderr)
        for line in undocumented:
            failed = True
            print(f"check-api: no /// summary: {line}", file=sys.stderr)
    if failed and not update:
        print("check-api: if the change is intended, run scripts/check-api --update and commit api/ "
              "(with a CHANGELOG.md entry); document every public declaration with ///", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
