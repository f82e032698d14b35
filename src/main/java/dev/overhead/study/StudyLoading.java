package dev.overhead.study;

import dev.overhead.interop.FormatException;
import dev.overhead.interop.Formats;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds a study given as a file (any format overhead reads) or as a stored id, id prefix or label. */
public final class StudyLoading {
    private StudyLoading() {}

    public static boolean isFile(String input) {
        return Files.isRegularFile(Path.of(input));
    }

    public static StudyResult fromFile(String input) {
        try {
            return Formats.read(Path.of(input));
        } catch (FormatException | IllegalArgumentException e) {
            throw new UserError(1, e.getMessage(), e);
        }
    }

    public static StudyResult fromStore(Store store, String idOrLabel) {
        try {
            Optional<StudyResult> found = store.load(idOrLabel);
            return found.orElseThrow(() -> new UserError(
                    1,
                    "no file and no stored study is called '" + idOrLabel
                            + "'; 'overhead list' shows the stored studies"));
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }

    public static StudyResult load(StoreAccess storeOption, String input) {
        if (isFile(input)) {
            return fromFile(input);
        }
        try (Store store = storeOption.openForReading()) {
            return fromStore(store, input);
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }
}
