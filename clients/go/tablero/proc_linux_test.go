package tablero_test

import (
	"os/exec"
	"syscall"
)

// setDeathSignal has the kernel kill the server if the test binary dies without stopping it
// (a panic, a -timeout): Linux only.
func setDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
