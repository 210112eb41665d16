"""The measuring half of `cargo xtask dist-bench`: a record file read on a LocalCluster of 1,
2, ... single-threaded workers, each run on a warm cluster (a first run imports and reads
once), timed whole and per task. Prints one JSON object per line, one per worker count.

    python dist_bench.py FILE GAMES TEXT_BYTES --workers 1,2 [--partitions-per-worker 4] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import distributed

import scoresheet.dask as sd


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(path: str, workers: int, per_worker: int, rounds: int) -> dict:
    cluster = distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        client.wait_for_workers(workers)
        frame = sd.read_pgn(path, npartitions=per_worker * workers)
        counted = frame.map_partitions(len)
        games = int(counted.compute().sum())  # warm: imports, the file in the page cache
        walls, tasks, ran = [], [], set()
        for _ in range(rounds):
            with distributed.get_task_stream() as stream:
                start = time.perf_counter()
                assert int(counted.compute().sum()) == games
                walls.append(time.perf_counter() - start)
            # The reading tasks (the partitions' layer, `len` fused in), not the sums.
            reading = [t for t in stream.data if "read-" in str(t["key"])] or stream.data
            for task in reading:
                ran.add(task["worker"])
                for span in task["startstops"]:
                    if span["action"] == "compute":
                        tasks.append(span["stop"] - span["start"])
    cluster.close()
    return {
        "workers": workers,
        "partitions": frame.npartitions,
        "games": games,
        "wall": min(walls),
        "walls": walls,
        "task_p50": quantile(tasks, 0.5),
        "task_p95": quantile(tasks, 0.95),
        "task_mean": statistics.fmean(tasks),
        "workers_that_ran": len(ran),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("games", type=int)
    parser.add_argument("text_bytes", type=int)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--partitions-per-worker", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for workers in [int(w) for w in args.workers.split(",")]:
        result = measure(args.file, workers, args.partitions_per_worker, args.rounds)
        assert result["games"] == args.games, result
        wall = result["wall"]
        result["games_per_s_per_worker"] = args.games / wall / workers
        result["mb_per_s_per_worker"] = args.text_bytes / 1e6 / wall / workers
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
