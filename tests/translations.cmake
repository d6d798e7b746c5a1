# SPDX-License-Identifier: MIT
# ctest "translations": every user-visible string in app/ has a finished translation in every
# catalogue HostPlan ships (German, Simplified Chinese, Japanese).
# Runs lupdate over app/ into a copy of each translations/hostplan_<lang>.ts (the source tree is
# not touched) and fails on any message lupdate marks unfinished (new or changed source text) or
# vanished (a translation whose source text is gone). Fix: run, for each language,
#   lupdate app -ts translations/hostplan_<lang>.ts -locations none -no-obsolete
# and translate the new entries.
# Inputs: -DROOT=<source dir> -DLUPDATE=<lupdate executable> -DWORK=<scratch dir>.
set(languages de zh_CN ja)
file(MAKE_DIRECTORY "${WORK}")
set(problems "")
foreach(lang IN LISTS languages)
    set(ts "${WORK}/hostplan_${lang}.ts")
    file(COPY_FILE "${ROOT}/translations/hostplan_${lang}.ts" "${ts}")
    execute_process(COMMAND "${LUPDATE}" "${ROOT}/app" -ts "${ts}" -locations none
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "lupdate failed for ${lang} (${rc}): ${out}${err}")
    endif()
    file(READ "${ts}" text)
    # A message is <source>, optionally <comment>/<extracomment>, then <translation ...>.
    string(REGEX MATCHALL
           "<source>[^<]*</source>[^<]*(<[a-z]*comment>[^<]*</[a-z]*comment>[^<]*)*<translation type=\"(unfinished|vanished|obsolete)\""
           open "${text}")
    string(REGEX MATCHALL "type=\"(unfinished|vanished|obsolete)\"" marked "${text}")
    list(LENGTH open count)
    list(LENGTH marked markedCount)
    if(markedCount GREATER count)
        set(count ${markedCount})
    endif()
    string(REGEX MATCHALL "<message" all "${text}")
    list(LENGTH all total)
    if(count GREATER 0)
        string(REPLACE ";" "\n" listed "${open}")
        string(APPEND problems "${lang}: ${count} of ${total} message(s) without a finished "
                               "translation:\n${listed}\n")
    else()
        message(STATUS "translations: ${lang}: ${total} messages, all translated")
    endif()
endforeach()
if(problems)
    message(FATAL_ERROR "${problems}")
endif()
