import CtlProgram

/// gesturectl alone, as a build folder's `gesturectl` (the package's is the `gestured`
/// executable by that name: ``GestureCtlMain``).
@main
enum Entry {
    static func main() { GestureCtlMain.main() }
}
