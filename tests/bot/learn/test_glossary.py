from bot.learn.glossary import GLOSSARY, TERMS, quoted, record, score


def test_every_term_is_explained_once_in_a_sentence() -> None:
    assert len(GLOSSARY) == len(TERMS)
    for term in TERMS:
        assert term.meaning[0].isupper() and term.meaning.endswith("."), term.word
        assert len(term.meaning) <= 200, term.word


def test_one_format_each_for_scores_records_and_quotes() -> None:
    assert score(12, 9) == "12\u20139"
    assert record(3, 1, 0) == "3W 1L 0D"
    assert quoted("Hail, Geralt") == "\u201cHail, Geralt\u201d"
