import ActionsProgram

/// The runner alone, as a build folder's `gestured-actions` (the package's is the `gestured`
/// executable by that name: ``GesturedActionsMain``).
@main
enum Entry {
    static func main() { GesturedActionsMain.main() }
}
