"""rule_id / current_version without a server: the ErrorInfo detail first, the trailer second."""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

from tablero import current_version, error_info, rule_id


class FakeError(grpc.RpcError, grpc.Call):
    def __init__(self, code, details, trailers):
        self._code, self._details, self._trailers = code, details, trailers

    def code(self):
        return self._code

    def details(self):
        return self._details

    def trailing_metadata(self):
        return self._trailers

    def initial_metadata(self):
        return ()

    def is_active(self):
        return False

    def time_remaining(self):
        return None

    def cancel(self):
        return False

    def add_callback(self, callback):
        return False


def status_bin(code: grpc.StatusCode, message: str, **metadata: str) -> bytes:
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.ErrorInfo(reason="R", domain="tablero.v1", metadata=metadata))
    return status_pb2.Status(code=code.value[0], message=message, details=[detail]).SerializeToString()


def test_reads_error_info_detail() -> None:
    code = grpc.StatusCode.FAILED_PRECONDITION
    err = FakeError(code, "x", (("grpc-status-details-bin", status_bin(code, "x", rule_id="CLM-TRK.4")),))
    assert rule_id(err) == "CLM-TRK.4"
    assert error_info(err).domain == "tablero.v1"
    assert current_version(err) is None


def test_detail_wins_over_trailer() -> None:
    code = grpc.StatusCode.ABORTED
    err = FakeError(
        code,
        "stale",
        (
            ("tablero-current-version", "9"),
            ("grpc-status-details-bin", status_bin(code, "stale", current_version="12")),
        ),
    )
    assert current_version(err) == 12


def test_falls_back_to_trailers() -> None:
    err = FakeError(
        grpc.StatusCode.FAILED_PRECONDITION,
        "x",
        (("tablero-rule-id", "CLM-TRK.3"), ("tablero-current-version", "4")),
    )
    assert error_info(err) is None
    assert rule_id(err) == "CLM-TRK.3"
    assert current_version(err) == 4


def test_inconsistent_detail_falls_back_to_trailers() -> None:
    code = grpc.StatusCode.FAILED_PRECONDITION
    err = FakeError(
        code,
        "different message",
        (
            ("grpc-status-details-bin", status_bin(code, "x", rule_id="CLM-TRK.4")),
            ("tablero-rule-id", "CLM-TRK.5"),
        ),
    )
    assert rule_id(err) == "CLM-TRK.5"


def test_nothing_to_read() -> None:
    err = FakeError(grpc.StatusCode.INTERNAL, "boom", None)
    assert rule_id(err) is None and current_version(err) is None and error_info(err) is None
