/**
 * Kernels as variants (docs/workloads.md, virtual machines): a study's variants booted under qemu, each
 * boot one unit of the design, the workload run inside the guest by the same forking helper and wire
 * protocol as on the host, over the guest's second serial port. The guest's initramfs is built and
 * cached here ({@link dev.overhead.vm.GuestImage}), qemu started and stopped here ({@link dev.overhead.vm.Qemu}),
 * and the boots run in the study's balanced order ({@link dev.overhead.vm.VmStudy}).
 */
package dev.overhead.vm;
