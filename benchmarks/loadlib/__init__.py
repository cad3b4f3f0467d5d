"""The parts of the telnet load benchmark (`benchmarks/load.py`)."""
