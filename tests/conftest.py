"Lists the slowest notebook cells at the end of a test run, so a cell creeping towards its time budget is seen early."
SLOW_CELLS: list[tuple[float, str]] = []  # (seconds, 'notebook:cell id'), filled by test_notebooks.py


def pytest_terminal_summary(terminalreporter):
    if not SLOW_CELLS: return
    terminalreporter.section('slowest notebook cells')
    for seconds, cell in sorted(SLOW_CELLS, reverse=True)[:15]: terminalreporter.write_line(f'{seconds:7.1f} s  {cell}')
