package main

import "syscall"

// setDeathSignal asks the kernel to send the worker SIGTERM when its
// parent dies (PR_SET_PDEATHSIG). The signal follows the parent's thread
// that started the worker, so supervise keeps that thread for the worker's
// whole life.
func setDeathSignal(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGTERM }
