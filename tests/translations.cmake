# ctest "translations": every user-visible string in app/ has a finished German translation.
# Runs lupdate over app/ into a copy of translations/hostplan_de.ts (the source tree is not
# touched) and fails on any message lupdate marks unfinished (new or changed source text) or
# vanished (a translation whose source text is gone). Fix: run
#   lupdate app -ts translations/hostplan_de.ts -locations none -no-obsolete
# and translate the new entries.
# Inputs: -DROOT=<source dir> -DLUPDATE=<lupdate executable> -DWORK=<scratch dir>.
file(MAKE_DIRECTORY "${WORK}")
file(COPY_FILE "${ROOT}/translations/hostplan_de.ts" "${WORK}/hostplan_de.ts")
execute_process(COMMAND "${LUPDATE}" "${ROOT}/app" -ts "${WORK}/hostplan_de.ts" -locations none
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${rc}): ${out}${err}")
endif()
file(READ "${WORK}/hostplan_de.ts" ts)
string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"(unfinished|vanished|obsolete)\""
       open "${ts}")
list(LENGTH open count)
if(count GREATER 0)
    string(REPLACE ";" "\n" listed "${open}")
    message(FATAL_ERROR "${count} message(s) without a finished German translation:\n${listed}")
endif()
string(REGEX MATCHALL "<message" all "${ts}")
list(LENGTH all total)
message(STATUS "translations: ${total} messages, all translated")
