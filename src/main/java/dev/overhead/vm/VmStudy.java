package dev.overhead.vm;

import dev.overhead.exec.ExecException;
import dev.overhead.exec.NativeExecutor;
import dev.overhead.model.Levels;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.run.BootSchedule;
import dev.overhead.run.Listener;
import dev.overhead.run.MachineHooks;
import dev.overhead.run.Outcome;
import dev.overhead.run.StudyRunner;
import dev.overhead.run.StudySpec;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.Judge;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A study whose variants are kernels booted under qemu (plan {@code vm:}, docs/workloads.md): the
 * boots run in the balanced random order of {@link BootSchedule} ({@code levels: {boot: N}}, one each
 * without it), each boot one guest that measures its variant's share of runs, recorded with the boot's
 * id, and is powered off. The store holds the state between boots, as for a machine that reboots: a
 * boot that fails, Ctrl-C or a kill keeps what was measured, and {@code overhead resume} boots the
 * share that is missing. The guest's helper times every run inside the guest; the host JVM only
 * carries requests and results over the serial port, outside the measured interval.
 */
public final class VmStudy {
    /** Opens the study's store (the command's {@code --store}). */
    public interface Stores {
        Store open() throws StoreException;
    }

    /** What a VM study ended with: its report when every boot was measured, else how it stopped. */
    public record Result(StudyResult report, boolean interrupted) {}

    static final Duration BOOT_TIMEOUT =
            Duration.ofSeconds(Long.getLong("overhead.vm.bootTimeoutSeconds", 180)); // TCG on a loaded machine is slow
    static final String TCG_WARNING = "the guests ran under TCG, qemu's emulation (no usable /dev/kvm): timings are"
            + " emulated and say more about the emulator than about the kernel; use a machine with KVM for figures"
            + " to trust";

    private final Stores stores;
    private final Listener listener;
    private final PrintWriter err;
    private final Path cacheDir;
    private volatile boolean cancelled;
    private volatile Process booting;
    private volatile StudyRunner measuring;

    public VmStudy(Stores stores, Listener listener, PrintWriter err, Path cacheDir) {
        this.stores = stores;
        this.listener = listener;
        this.err = err;
        this.cacheDir = cacheDir;
    }

    /** Ctrl-C or SIGTERM: stop the guest (or the run in it), keep what was measured. */
    public void cancel() {
        cancelled = true;
        StudyRunner r = measuring;
        if (r != null) {
            r.cancel();
        }
        Process q = booting;
        if (q != null) {
            q.destroyForcibly();
        }
    }

    /**
     * Checks the kernels and builds the guest image before anything is stored: a study that cannot boot
     * is refused with a sentence and leaves nothing behind.
     */
    public Path prepare(StudySpec spec) {
        Levels levels = spec.settings().levels();
        for (Variant v : spec.variants()) {
            Levels.Boot boot = levels.target(v.name());
            Path kernel = Path.of(boot.kernel());
            if (!Files.isRegularFile(kernel)) {
                throw new VmException("the kernel " + kernel + " of variant " + v.name() + " does not exist; give the"
                        + " path of a bzImage or vmlinuz (Debian's linux-image-cloud-amd64 puts one in /boot).");
            }
            if (!Files.isReadable(kernel)) {
                throw new VmException("the kernel " + kernel + " of variant " + v.name() + " cannot be read; run as a"
                        + " user who can read it, or copy it somewhere readable.");
            }
        }
        Qemu.binary();
        Map<String, String> programs = new LinkedHashMap<>();
        for (Workload w : spec.workloads()) {
            if (!w.command().isEmpty() && !w.shell()) {
                programs.putIfAbsent(w.command().getFirst(), "workload " + w.name());
            }
            if (!w.prepare().isEmpty()) {
                programs.putIfAbsent(w.prepare().getFirst(), "the prepare command of workload " + w.name());
            }
        }
        for (Variant v : spec.variants()) {
            for (List<String> argv : List.of(v.prefix(), v.setup(), v.cleanup())) {
                if (!argv.isEmpty()) {
                    programs.putIfAbsent(argv.getFirst(), "variant " + v.name());
                }
            }
        }
        Set<String> files = new LinkedHashSet<>();
        levels.targets().values().forEach(b -> files.addAll(b.files()));
        Path helper;
        try {
            helper = NativeExecutor.staticHelper();
        } catch (ExecException e) {
            throw new VmException(e.getMessage() + ".", e);
        }
        return GuestImage.build(programs, new ArrayList<>(files), helper, cacheDir);
    }

    /**
     * Boots the variants until every share is measured.
     *
     * @param resumeFrom the study as stored, or null to create it
     */
    public Result run(StudySpec spec, StudyInfo info, Map<String, Object> environment, StudyResult resumeFrom)
            throws StoreException {
        Path image = prepare(spec);
        String id = info.id();
        if (resumeFrom == null) {
            try (Store store = stores.open()) {
                store.createStudy(info, spec.workloads(), spec.variants(), environment);
            }
        }
        BootSchedule schedule = BootSchedule.of(spec.variants(), spec.settings());
        if (resumeFrom == null) {
            int n = schedule.shares().size();
            err.println("overhead: study " + id + " makes " + n + (n == 1 ? " boot" : " boots") + " in this order: "
                    + String.join(" ", schedule.shares()));
            err.flush();
        }
        Set<String> accelerators = new LinkedHashSet<>();
        while (!cancelled) {
            StudyResult done = load(id);
            int share = schedule.next(done);
            if (share < 0) {
                return new Result(finish(spec, id, accelerators), false);
            }
            String name = schedule.shares().get(share);
            Variant variant = spec.variants().stream()
                    .filter(v -> v.name().equals(name))
                    .findFirst()
                    .orElseThrow();
            Levels.Boot boot = spec.settings().levels().target(name);
            err.println("overhead: booting " + schedule.describe(share) + " of study " + id);
            err.flush();
            Guest guest;
            try {
                guest = Guest.boot(name, boot, image, BOOT_TIMEOUT, q -> booting = q);
            } catch (VmException e) {
                if (cancelled) {
                    break;
                }
                stopped(id, done, accelerators);
                throw new VmException(e.getMessage() + " " + kept(id), e);
            } finally {
                booting = null;
            }
            try (guest) {
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("boot", BootSchedule.bootId(share));
                facts.put("variant", name);
                facts.put("kernel", boot.kernel());
                facts.putAll(guest.facts());
                accelerators.add(String.valueOf(guest.facts().get("accelerator")));
                record(id, done.environment(), facts);
                Outcome outcome = measure(spec, variant, schedule, share, guest, done);
                if (outcome.state() == Outcome.State.INTERRUPTED) {
                    break;
                }
            } catch (dev.overhead.run.RunFailure failure) {
                stopped(id, load(id), accelerators);
                throw new VmException(sentence(failure.getMessage()) + " " + kept(id), failure);
            }
        }
        stopped(id, load(id), accelerators);
        return new Result(null, true);
    }

    private Outcome measure(
            StudySpec spec, Variant variant, BootSchedule schedule, int share, Guest guest, StudyResult done)
            throws StoreException {
        StudySettings settings = spec.settings().toBuilder()
                .stopping(new Stopping.Fixed(schedule.target(share)))
                .build();
        StudySpec one = new StudySpec(spec.label(), spec.workloads(), List.of(variant), settings, spec.output());
        try (Store store = stores.open();
                Store.Held held = store.lock(done.info().id())) {
            StudyRunner runner = new StudyRunner(
                    guest.executor(), store, listener, MachineHooks.NONE, System::nanoTime, Instant::now);
            runner.inBoot(BootSchedule.bootId(share));
            runner.asShare();
            measuring = runner;
            if (cancelled) {
                runner.cancel();
            }
            return runner.run(one, done.info(), done.environment(), done);
        } finally {
            measuring = null;
        }
    }

    /** Adds a boot's facts to the study's environment: {@code vm: {boots: [...]}}, in the order they booted. */
    @SuppressWarnings("unchecked")
    private void record(String id, Map<String, Object> environment, Map<String, Object> facts) throws StoreException {
        Map<String, Object> env = new LinkedHashMap<>(environment);
        Map<String, Object> vm = env.get("vm") instanceof Map<?, ?> m
                ? new LinkedHashMap<>((Map<String, Object>) m)
                : new LinkedHashMap<>();
        List<Object> boots = vm.get("boots") instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>();
        boots.add(facts);
        vm.put("boots", boots);
        env.put("vm", vm);
        try (Store store = stores.open()) {
            store.setEnvironment(id, env);
        }
    }

    private StudyResult finish(StudySpec spec, String id, Set<String> accelerators) throws StoreException {
        StudyResult all = load(id);
        StudySettings s = spec.settings();
        StudyResult analysed = Judge.of(s).analyse(all, s.baseline(), s.compare());
        List<String> warnings = warnings(analysed, accelerators);
        try (Store store = stores.open()) {
            store.finish(id, "done", warnings);
        }
        err.println("overhead: study " + id + " has measured every boot");
        List<String> more = new ArrayList<>(warnings);
        more.removeAll(analysed.warnings());
        return analysed.withWarnings(more);
    }

    private void stopped(String id, StudyResult now, Set<String> accelerators) throws StoreException {
        try (Store store = stores.open()) {
            store.finish(id, "interrupted", warnings(now, accelerators));
        }
    }

    /** The study's warnings, with the one on emulation where a boot (of this run or an earlier one) was TCG. */
    private static List<String> warnings(StudyResult study, Set<String> accelerators) {
        List<String> warnings = new ArrayList<>(study.warnings());
        boolean tcg = accelerators.contains("tcg") || tcgBefore(study.environment());
        if (tcg && !warnings.contains(TCG_WARNING)) {
            warnings.add(TCG_WARNING);
        }
        return warnings;
    }

    private static boolean tcgBefore(Map<String, Object> environment) {
        return environment.get("vm") instanceof Map<?, ?> vm
                && vm.get("boots") instanceof List<?> boots
                && boots.stream().anyMatch(b -> b instanceof Map<?, ?> m && "tcg".equals(m.get("accelerator")));
    }

    private StudyResult load(String id) throws StoreException {
        try (Store store = stores.open()) {
            return store.load(id)
                    .orElseThrow(() -> new StoreException("study " + id + " is gone from the store.", null));
        }
    }

    private static String kept(String id) {
        return "What was measured is kept in study " + id + "; 'overhead resume " + id + "' boots the rest.";
    }

    private static String sentence(String message) {
        String m = message == null ? "the study failed" : message.strip();
        return m.endsWith(".") ? m : m + ".";
    }
}
