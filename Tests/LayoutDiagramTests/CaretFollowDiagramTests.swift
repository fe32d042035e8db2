import LayoutCore
import Testing

@testable import LayoutDiagram

@Suite("Caret-follow diagrams")
struct CaretFollowDiagramTests {
  @Test func theCaretMovesByTheChangeOfContentOffset() throws {
    let request = Requests.caretFollow()
    let answer = caretFollow(request)
    try #require(answer.changed)
    let document = try SVGDocument(request.diagram(of: answer))
    let screen = try document.rect("before-screen")
    let scale = screen.width / Requests.screen.width
    let textView = try document.rect("before-container")
    #expect(approximately(textView.y, screen.y + request.textView.y * scale))

    let before = try document.rect("before-caret")
    #expect(approximately(before.y, textView.y + (request.caret.y - request.contentOffset.y) * scale))
    #expect(approximately(before.x, textView.x + request.caret.x * scale))
    #expect(approximately(before.height, max(request.caret.height, request.lineHeight) * scale))

    let afterScreen = try document.rect("after-screen")
    let after = try document.rect("after-caret")
    let shift = (request.contentOffset.y - answer.contentOffset.y) * scale
    #expect(approximately(after.y - afterScreen.y, before.y - screen.y + shift))
    let ghost = try document.rect("after-caret-before")
    #expect(approximately(ghost.y - afterScreen.y, before.y - screen.y))
  }

  @Test func theSummaryCarriesTheAnswer() throws {
    let request = Requests.caretFollow()
    let answer = caretFollow(request)
    let document = try SVGDocument(request.diagram(of: answer))
    #expect(document.texts.first == "POST /caret-follow")
    #expect(document.texts.contains { $0.contains("changed \(answer.changed)") })
    #expect(document.texts.contains { $0.contains("caretVisible \(answer.caretVisible)") })
    #expect(document.texts.contains { $0.contains("overlap \(Int(answer.keyboard.overlap))") })
  }

  @Test func theKeyboardHeightIsDockedAtTheBottomOfTheScreenNotTheTextView() throws {
    let request = Requests.caretFollow()
    let answer = caretFollow(request)
    let document = try SVGDocument(request.diagram(of: answer))
    let screen = try document.rect("before-screen")
    let keyboard = try document.rect("before-keyboard")
    #expect(approximately(keyboard.y + keyboard.height, screen.y + screen.height))
    let textView = try document.rect("before-container")
    let line = try document.element("before-keyboard-top")
    let scale = screen.width / Requests.screen.width
    #expect(
      approximately(
        try line.number("y1"), textView.y + (request.textView.height - answer.keyboard.overlap) * scale))
  }
}
