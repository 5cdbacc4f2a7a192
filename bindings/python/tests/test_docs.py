"""The documentation as a reader meets it: the README a front door, every relative link in it
and in docs/ leading to a file that exists (and to a heading that exists, when it names
one), and docs/architecture.md's picture still what Package.swift gives."""
import re
import subprocess


def pages(root):
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def anchors(page):
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as -."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M):
        found.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return found


def test_the_readme_is_a_front_door(root):
    assert len((root / "README.md").read_text(encoding="utf-8").splitlines()) < 400


def test_relative_links_lead_somewhere(root):
    broken = []
    for page in pages(root):
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for link in re.findall(r"\]\(([^)\s]+)\)|<img src=\"([^\"]+)\"", text):
            link = link[0] or link[1]
            if re.match(r"[a-z]+:", link):
                continue
            path, _, anchor = link.partition("#")
            destination = (page.parent / path).resolve() if path else page
            if not destination.exists():
                broken.append(f"{page.relative_to(root)}: {link}")
            elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
                broken.append(f"{page.relative_to(root)}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_architecture_page_matches_the_package(root):
    checked = subprocess.run([str(root / "scripts" / "architecture.sh"), "--check"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
