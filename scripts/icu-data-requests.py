#!/usr/bin/env python3
"""Writes `cardsize text --jsonl` requests that exercise what the engine takes from ICU's data:
every case of Unicode's LineBreakTest.txt, the bundled catalogs' titles and authors, and
sentences in the scripts ICU breaks by dictionary, each in many languages (ICU's locale
tailorings and fallbacks), every line-break mode and every profile, at widths that break
often. The same requests through two ICU data sets must give the same bytes
(scripts/build-wheel.sh --check, for the wheel's slimmed ICU data). Deterministic.

Usage: scripts/icu-data-requests.py [LineBreakTest.txt] > requests.jsonl
"""
import csv
import json
import random
import sys
from pathlib import Path

LANGUAGES = ["en", "en-US-POSIX", "ja", "ja-JP", "zh", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK", "yue", "ko",
             "th", "lo", "km", "my", "de", "de-CH", "fi", "sv", "el", "ru", "pt-BR", "es", "it", "fr",
             "ar", "he", "iw", "sr-Latn", "nb", "no", "und", "x-unknown"]
MODES = ["strict", "normal", "loose", "phrase", "anywhere", "auto"]
PROFILES = ["uikit", "pango", "browser"]
WIDTHS = [1, 20, 40, 80, 150]
SENTENCES = [
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
    "「かぎかっこ」の中の、句読点。ー長音と々繰り返しっ",
    "中华人民共和国成立于一九四九年十月一日。",
    "한국어 문장을 줄바꿈합니다. 띄어쓰기가 있습니다.",
    "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน ฉันกินข้าวแล้ว",
    "ພາສາລາວເປັນພາສາທີ່ມີສຽງວັນນະຍຸດ",
    "ភាសាខ្មែរជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា",
    "မြန်မာဘာသာစကားသည် မြန်မာနိုင်ငံ၏ ရုံးသုံးဘာသာစကား ဖြစ်သည်",
    "العربية لغة جميلة جدا، وهي لغة القرآن",
    "עברית היא שפה שמית",
    "Ελληνικά κείμενα με «εισαγωγικά»",
    "Русский язык — восточнославянский язык",
    "emoji 👩‍👩‍👧‍👦 🇯🇵 ☺️ test, co-operate—dash; «quotes» (parens) 100% $5.00",
    "Donaudampfschifffahrtsgesellschaftskapitän und Straße",
]


def line_break_test_cases(path: Path) -> list[str]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("#")[0].replace("×", " ").replace("÷", " ").split()
        if fields:
            cases.append("".join(chr(int(field, 16)) for field in fields))
    return cases


def catalog_texts(folder: Path, per_catalog: int) -> list[str]:
    texts = []
    for name in ("aozora-bunko.csv", "goodbooks-10k.csv"):
        with open(folder / name, encoding="utf-8", newline="") as file:
            for number, row in enumerate(csv.DictReader(file)):
                if number == per_catalog:
                    break
                texts += [row[field] for field in ("title", "author", "authors") if row.get(field)]
    return texts


def main() -> None:
    test_file = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/auxiliary/LineBreakTest.txt")
    choose = random.Random(72)
    requests = []
    for text in line_break_test_cases(test_file) + catalog_texts(Path(__file__).parent.parent / "Catalogs", 500):
        requests.append((text, choose.choice(LANGUAGES), choose.choice(MODES), choose.choice(PROFILES), choose.choice(WIDTHS)))
    for text in SENTENCES:
        for language in LANGUAGES:
            for mode in MODES:
                requests.append((text, language, mode, choose.choice(PROFILES), choose.choice(WIDTHS)))
    for text, language, mode, profile, width in requests:
        request = {"text": text, "size": 15, "width": width, "language": language, "line_break": mode, "profile": profile}
        print(json.dumps(request, ensure_ascii=False))


if __name__ == "__main__":
    main()
