import LayoutCore
import Testing

@testable import LayoutDiagram

@Suite("Chat diagrams")
struct ChatDiagramTests {
  @Test func theComposerRidesTheKeyboard() throws {
    let request = Requests.chat()
    let answer = chat(request)
    try #require(answer.composerOffset.y < 0)
    let document = try SVGDocument(request.diagram(of: answer))
    let screen = try document.rect("before-screen")
    let scale = screen.width / Requests.screen.width

    let list = try document.rect("before-list")
    #expect(approximately(list.height, request.list.height * scale))
    let before = try document.rect("before-composer")
    #expect(approximately(before.y, screen.y + request.composer.y * scale))

    let afterScreen = try document.rect("after-screen")
    let after = try document.rect("after-composer")
    #expect(approximately(after.y - afterScreen.y, (request.composer.y + answer.composerOffset.y) * scale))
    let ghost = try document.rect("after-composer-before")
    #expect(approximately(ghost.y - afterScreen.y, before.y - screen.y))
    // The composer's bottom sits on the keyboard's top.
    let keyboard = try document.rect("after-keyboard")
    #expect(approximately(after.y + after.height, keyboard.y))
  }

  @Test func theSummaryCarriesTheAnswer() throws {
    let request = Requests.chat(inverted: true)
    let answer = chat(request)
    let document = try SVGDocument(request.diagram(of: answer))
    #expect(document.texts.first == "POST /chat · lift always · inverted")
    #expect(document.texts.contains { $0.contains("keyboardInset \(Int(answer.keyboardInset))") })
    #expect(document.texts.contains { $0.contains("atEnd \(answer.atEnd)") })
    #expect(document.texts.contains { $0.hasPrefix("contentInset.top \(Int(answer.contentInset.top))") })
  }
}
