package dev.overhead.run;

import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of a boot study's shares (plan {@code levels: {boot: N}}, docs/workloads.md): N blocks,
 * each every variant once in a random order drawn from the study's seed (a randomized block design:
 * A B | B A | B A | A B), so each variant gets N boots, the boots of the variants alternate through
 * the study, and it is never all of A and then all of B. Share i (from 0) is boot id i + 1 in the runs.
 *
 * @param shares       the variant of each share, in the order they run
 * @param runsPerShare measured runs of the share's variant on each workload in one boot
 */
public record BootSchedule(List<String> shares, int runsPerShare) {
    public BootSchedule {
        shares = List.copyOf(shares);
    }

    /** Whether the study repeats its variants over boots. */
    public static boolean applies(StudySettings settings) {
        return settings.levels().boots() > 0;
    }

    public static BootSchedule of(List<Variant> variants, StudySettings settings) {
        int n = Math.max(1, settings.levels().boots());
        Random random = new Random(settings.seed() == null ? 0 : settings.seed() ^ 0xB0075L);
        List<String> shares = new ArrayList<>();
        for (int block = 0; block < n; block++) {
            List<String> names =
                    new ArrayList<>(variants.stream().map(Variant::name).toList());
            Collections.shuffle(names, random);
            shares.addAll(names);
        }
        Integer fixed = settings.runs();
        return new BootSchedule(shares, fixed != null ? fixed : settings.minRuns());
    }

    /** The boot id of share {@code i} (from 0), as runs record it. */
    public static int bootId(int share) {
        return share + 1;
    }

    /** The first share not yet complete (a share killed half-way is not), or -1 when all are. */
    public int next(StudyResult study) {
        for (int i = 0; i < shares.size(); i++) {
            if (measured(study, i) < runsPerShare) {
                return i;
            }
        }
        return -1;
    }

    /** The fewest runs share {@code i} has on any workload. */
    public int measured(StudyResult study, int share) {
        int fewest = Integer.MAX_VALUE;
        for (WorkloadResult w : study.workloads()) {
            int n = 0;
            for (VariantResult v : w.variants()) {
                if (v.name().equals(shares.get(share))) {
                    for (Run r : v.runs()) {
                        if (r.boot() != null && r.boot() == bootId(share)) {
                            n++;
                        }
                    }
                }
            }
            fewest = Math.min(fewest, n);
        }
        return fewest == Integer.MAX_VALUE ? 0 : fewest;
    }

    /** Runs the share's variant has on each workload once share {@code i} is done. */
    public int target(int share) {
        int k = 0;
        for (int j = 0; j <= share; j++) {
            if (shares.get(j).equals(shares.get(share))) {
                k++;
            }
        }
        return k * runsPerShare;
    }

    /** Share {@code i} for people: "boot 3 of 8 (variant B)". */
    public String describe(int share) {
        return "boot " + (share + 1) + " of " + shares.size() + " (variant " + shares.get(share) + ")";
    }
}
