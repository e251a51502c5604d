"""The same study on a Dask cluster: ``client.get_executor()`` gives the serial frame exactly."""

from __future__ import annotations

import distributed  # the [scale] extra; `bash tools/dev test` installs it
import pytest

from levelwidgets.analysis import simulate


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


@pytest.mark.parametrize(
    ("game", "bots", "n"),
    [("levelx", ["greedy", "random", "random"], 30), ("level8", ["heuristic", "random"], 6)],
)
def test_a_local_cluster_with_two_workers_gives_the_serial_frame(client, game, bots, n):
    serial = simulate(game, bots, n, seed=11, progress=False)
    on_dask = simulate(
        game, bots, n, seed=11, progress=False, executor=client.get_executor(), chunk_size=4
    )
    assert len(client.scheduler_info()["workers"]) == 2
    assert on_dask.attrs["complete"] and serial.equals(on_dask)
    assert list(on_dask["game_index"]) == list(range(n))


def test_the_readme_lines_for_an_existing_cluster_work(client):
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "Client(" in b)
    assert len(block.strip().splitlines()) == 3
    address = client.scheduler.address
    code = block.replace('"tcp://scheduler:8786"', repr(address)).replace("1_000_000", "10")
    namespace: dict = {"simulate": simulate}
    exec(compile(code, "README", "exec"), namespace)
    frame = namespace["frame"]
    namespace["client"].close()
    assert frame.equals(simulate("levelx", ["greedy", "random"], 10, progress=False))
